import { formatDateTimeBR } from '@balcao/br/dates';
import type { ConversationView } from '@/lib/whatsapp/catcher';
import { replyAsBuyerAction } from './actions';
import styles from './whatsapp.module.css';

const TICKS: Record<string, { mark: string; label: string }> = {
  sent: { mark: '✓', label: 'Enviada' },
  delivered: { mark: '✓✓', label: 'Entregue' },
  read: { mark: '✓✓', label: 'Lida' },
  failed: { mark: '!', label: 'Não entregue' },
};

/** One buyer's phone: the shop's filled templates on the left, the buyer's replies on the right, ticks under each. */
export function ConversationCard({ c, canReply }: { c: ConversationView; canReply: boolean }) {
  const titleId = `conversa-${c.ref.slice(-12)}`;
  return (
    <section className={`card ${styles.phone}`} aria-labelledby={titleId} data-testid="whatsapp-conversation">
      <h2 id={titleId} className={styles.title}>
        {c.title}
      </h2>
      <ol className={styles.messages}>
        {c.messages.map((m) => {
          const tick = m.direction === 'out' ? TICKS[m.status] : undefined;
          return (
            <li key={m.wamid} className={`${styles.bubble} ${m.mine ? styles.mine : styles.theirs}`}>
              <p className={styles.text}>{m.text}</p>
              {m.buttons.length > 0 ? (
                <ul className={styles.buttons}>
                  {m.buttons.map((b) => (
                    <li key={b.text}>{b.url ? <a href={b.url}>{b.text}</a> : <span>{b.text}</span>}</li>
                  ))}
                </ul>
              ) : null}
              <span className={styles.meta}>
                <time dateTime={new Date(m.at).toISOString()}>{formatDateTimeBR(new Date(m.at))}</time>
                {tick ? (
                  <span className={m.status === 'read' ? styles.read : m.status === 'failed' ? styles.failed : undefined} data-status={m.status}>
                    <span aria-hidden="true">{tick.mark}</span> {tick.label}
                    {m.error ? ` (${m.error})` : ''}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
      {canReply ? (
        <form action={replyAsBuyerAction} className={styles.reply}>
          <input type="hidden" name="ref" value={c.ref} />
          <div className="field">
            <label htmlFor={`${titleId}-texto`}>Responder como comprador</label>
            <input id={`${titleId}-texto`} name="text" maxLength={1000} autoComplete="off" placeholder="Ex.: SAIR" required />
          </div>
          <button type="submit" className="btn btn-secondary">
            Enviar resposta
          </button>
        </form>
      ) : null}
    </section>
  );
}
