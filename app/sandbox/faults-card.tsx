import type { SimulatorState } from '@balcao/payment-sandbox';
import { faultLines } from './simulator-text';
import styles from './sandbox.module.css';

/** "Falhas simuladas": the faults on now, and how to set them. */
export function FaultsCard({ faults }: { faults: SimulatorState['faults'] }) {
  const lines = faultLines(faults);
  return (
    <section className="card stack" aria-labelledby="falhas-titulo">
      <h2 id="falhas-titulo">Falhas simuladas</h2>
      {lines.length === 0 ? (
        <p className="muted">Nenhuma falha ativa.</p>
      ) : (
        <ul className={styles.faults}>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <p className="small muted">
        Configure com <code>PUT /api/sandbox/sim/faults</code> (veja docs/sandbox.md); <code>{'{}'}</code> desliga todas.
      </p>
    </section>
  );
}
