/**
 * Carrinhos abandonados as cards (phones) and a table (desks): when, who (masked as the role
 * requires), the value, the checkout it was left on ("Canal"), how far the shopper got, the
 * reminders sent, the status (linking the order once recovered), its items, "Copiar link de
 * recuperação" (to paste into WhatsApp) and WhatsApp.
 */
import Link from 'next/link';
import { formatBRL } from '@balcao/br/money';
import { formatDateTimeBR } from '@balcao/br/dates';
import { ABANDONED_SOURCE_LABELS, ABANDONED_STATUS_LABELS, type AbandonedRow } from '@/lib/checkout';
import { CopyButton } from '@/app/_components/copy-button';
import styles from './abandoned.module.css';

const CAPTION = 'Carrinhos abandonados, mais recentes primeiro';

function Status({ row }: { row: AbandonedRow }) {
  const label = ABANDONED_STATUS_LABELS[row.status];
  return row.status === 'recovered' && row.orderId ? <Link href={`/dashboard/orders/${row.orderId}`}>{label}</Link> : <>{label}</>;
}

function Source({ row }: { row: AbandonedRow }) {
  return (
    <>
      {ABANDONED_SOURCE_LABELS[row.source]}
      {row.linkTitle ? <span className="small muted"> “{row.linkTitle}”</span> : null}
    </>
  );
}

/** "2× Caneca de cerâmica, 1× Café especial". */
function Items({ row }: { row: AbandonedRow }) {
  if (row.items.length === 0) return null;
  return <span className={styles.items}>{row.items.map((i) => `${i.quantity}× ${i.name}`).join(', ')}</span>;
}

function RestoreLink({ url }: { url: string | null }) {
  return url ? <CopyButton value={url} label="Copiar link de recuperação" className="btn btn-ghost" /> : null;
}

function WhatsApp({ href, className }: { href: string | null; className?: string }) {
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      WhatsApp<span className="visually-hidden"> (abre em nova aba)</span>
    </a>
  );
}

export function AbandonedList({ rows }: { rows: AbandonedRow[] }) {
  return (
    <>
      <ul className={styles.cards} aria-label={CAPTION}>
        {rows.map((r) => (
          <li key={r.id} className={`card ${styles.card}`} data-testid="abandoned-card">
            <div className={styles.cardTop}>
              <p className={styles.contact}>
                {r.email ? <strong>{r.email}</strong> : null}
                {r.phone ? <span className="small muted">{r.email ? ' · ' : ''}{r.phone}</span> : null}
              </p>
              <p className={styles.amount}>{formatBRL(r.totalCents)}</p>
            </div>
            <p className="small">
              <Items row={r} />
            </p>
            <p className={`small ${styles.meta}`}>
              <Source row={r} /> · Etapa: {r.step} · Lembretes: {r.remindersSent}
            </p>
            <div className={styles.cardTop}>
              <p className="small muted">
                <Status row={r} /> · {formatDateTimeBR(r.updatedAt)}
              </p>
              <span className={styles.actions}>
                <RestoreLink url={r.restoreUrl} />
                <WhatsApp href={r.whatsApp} className={styles.action} />
              </span>
            </div>
          </li>
        ))}
      </ul>

      <div className={`table-wrap card ${styles.tableCard} ${styles.onlyDesk}`} tabIndex={0} role="region" aria-label="Carrinhos abandonados">
        <table className="table">
          <caption className="visually-hidden">{CAPTION}</caption>
          <thead>
            <tr>
              <th scope="col">Atualizado em</th>
              <th scope="col">Contato</th>
              <th scope="col" className="num">
                Valor
              </th>
              <th scope="col">Canal</th>
              <th scope="col">Etapa</th>
              <th scope="col" className="num">
                Lembretes
              </th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="abandoned-row">
                <td>{formatDateTimeBR(r.updatedAt)}</td>
                <td>
                  {r.email ? <div>{r.email}</div> : null}
                  {r.phone ? <div className="small muted">{r.phone}</div> : null}
                  <div className="small">
                    <Items row={r} />
                  </div>
                </td>
                <td className="num">{formatBRL(r.totalCents)}</td>
                <td className={styles.source}>
                  <Source row={r} />
                </td>
                <td>{r.step}</td>
                <td className="num">{r.remindersSent}</td>
                <td>
                  <Status row={r} />
                </td>
                <td>
                  <div className={styles.actions}>
                    <RestoreLink url={r.restoreUrl} />
                    <WhatsApp href={r.whatsApp} className={styles.tableAction} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
