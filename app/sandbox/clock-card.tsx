import { advanceClockAction } from './actions';
import { offsetText, when } from './simulator-text';
import styles from './sandbox.module.css';

const QUICK_STEPS = [
  ['60', '+1 min'],
  ['3600', '+1 hora'],
  ['86400', '+1 dia'],
  ['604800', '+7 dias'],
];

/** "Relógio do sandbox": its time now, and moving it ahead (a quick step or any number of seconds). */
export function ClockCard({ now, offsetMs }: { now: number; offsetMs: number }) {
  return (
    <section className="card stack" id="relogio" aria-labelledby="relogio-titulo">
      <h2 id="relogio-titulo">Relógio do sandbox</h2>
      <p>
        <span className={styles.clockNow}>{when(now)}</span>
        <br />
        <span className="small muted">Horário de São Paulo, {offsetText(offsetMs)}.</span>
      </p>
      <div className={styles.quick}>
        {QUICK_STEPS.map(([seconds, label]) => (
          <form action={advanceClockAction} key={seconds}>
            <input type="hidden" name="seconds" value={seconds} />
            <button className={`btn btn-secondary ${styles.small}`} type="submit">
              {label}
            </button>
          </form>
        ))}
      </div>
      <form action={advanceClockAction} className={styles.inline}>
        <div className="field">
          <label htmlFor="seconds">Avançar (segundos)</label>
          <input id="seconds" name="seconds" inputMode="numeric" pattern="[0-9]+([.,][0-9]+)?" required placeholder="ex.: 90" />
        </div>
        <button className={`btn ${styles.small}`} type="submit">
          Avançar relógio
        </button>
      </form>
    </section>
  );
}
