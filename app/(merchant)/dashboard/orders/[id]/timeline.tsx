import type { TimelineEntry } from '@/lib/orders/admin';
import styles from './order.module.css';

const withSeconds = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** dd/mm/aaaa hh:mm:ss in São Paulo. */
function when(at: string): string {
  return withSeconds.format(new Date(at)).replace(',', '');
}

export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className="muted">Nada registrado ainda.</p>;
  return (
    <ol className={styles.timeline} data-testid="timeline">
      {entries.map((e) => (
        <li key={e.key} className={`${styles.entry} ${styles[`tone_${e.tone}`] ?? ''}`}>
          <div className={styles.entryHead}>
            <span className={styles.entryTitle}>{e.title}</span>
            <time dateTime={e.at} className="small muted">
              {when(e.at)}
            </time>
          </div>
          {e.facts.length > 0 ? (
            <ul className={styles.facts}>
              {e.facts.map((f, i) => (
                <li key={i} className="small">
                  {f}
                </li>
              ))}
            </ul>
          ) : null}
          {e.technical.length > 0 || e.raw ? (
            // Collapsed: the provider's words are for whoever investigates, unchanged, one box per entry.
            <details className={styles.raw}>
              <summary className="small">Detalhes técnicos</summary>
              <ul className={styles.facts}>
                {e.technical.map((f, i) => (
                  <li key={i} className="small mono">
                    {f}
                  </li>
                ))}
              </ul>
              {e.raw ? (
                <>
                  <p className="small">{e.raw.label}</p>
                  {/* A long body scrolls in its box: a tab stop lets a keyboard scroll it too. */}
                  <pre className="mono small" tabIndex={0}>
                    {e.raw.text}
                  </pre>
                </>
              ) : null}
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
