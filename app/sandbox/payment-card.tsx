import Link from 'next/link';
import { formatDigitableLine } from '@balcao/br/boleto';
import { formatDateBR } from '@balcao/br/dates';
import type { PaymentView } from '@balcao/payment-sandbox';
import { expireAction, payAction, redeliverAction, refundBoletoAction, refuseAction } from './actions';
import { when } from './simulator-text';
import styles from './sandbox.module.css';

const SCENARIOS: Record<string, string> = { approved: 'aprovado', refused: 'recusado', pending: 'pendente' };

/** A charge's head line: Pix or Boleto, its state and its amount (the list and an order's own page). */
export function PaymentHead({ p, kind }: { p: PaymentView; kind: string }) {
  return (
    <div className={styles.itemHead}>
      <span className="row">
        <span className={styles.kind}>{kind}</span>
        <span className={`badge badge-${p.badge}`}>{p.label}</span>
      </span>
      <span className={styles.amount}>{p.amount}</span>
    </div>
  );
}

/** `showPdf`: the boleto's PDF names its payer whole, so only for who reads payers (lib/demo/simulator-access.ts). */
export function PaymentCard({ p, showPdf }: { p: PaymentView; showPdf: boolean }) {
  const kind = p.kind === 'pix' ? 'Pix' : 'Boleto';
  return (
    <li className={`card ${styles.item}`} aria-label={`${kind} ${p.id}`}>
      <PaymentHead p={p} kind={kind} />
      {p.description && <p className="small">{p.description}</p>}
      <dl className={styles.meta}>
        <dt>ID</dt>
        <dd className="mono">{p.id}</dd>
        <dt>Status na API</dt>
        <dd className="mono">{p.apiStatus}</dd>
        <dt>Chave</dt>
        <dd className="mono">{p.owner}</dd>
        <dt>Vencimento</dt>
        <dd>
          {formatDateBR(p.dueDate)} (pagável até {formatDateBR(p.lastPayableDate)})
        </dd>
        <dt>Cenário</dt>
        <dd>{SCENARIOS[p.scenario] ?? p.scenario}</dd>
        <dt>Criada em</dt>
        <dd>{when(p.createdAt)}</dd>
        {p.paidAt !== null && (
          <>
            <dt>Paga em</dt>
            <dd>{when(p.paidAt)}</dd>
          </>
        )}
        {p.refunded && (
          <>
            <dt>Reembolsado</dt>
            <dd>{p.refunded}</dd>
          </>
        )}
      </dl>
      {p.digitableLine && (
        <>
          <p className={styles.code}>{formatDigitableLine(p.digitableLine)}</p>
          <p className="small">
            <Link href={`/sandbox/invoice/boleto/${p.id}`}>Ver boleto</Link>
            {showPdf ? (
              <>
                {' · '}
                <a href={`/sandbox/invoice/boleto/pdf/${p.id}`}>Baixar PDF</a>
              </>
            ) : null}
          </p>
        </>
      )}
      {p.pixCode && (
        <details>
          <summary className="small">Pix copia e cola</summary>
          <p className={styles.code}>{p.pixCode}</p>
        </details>
      )}
      <div className={styles.actions}>
        {p.canPay && (
          <form action={payAction}>
            <input type="hidden" name="id" value={p.id} />
            <button className={`btn ${styles.small}`} type="submit">
              Pagar
            </button>
          </form>
        )}
        {p.canEnd && (
          <form action={expireAction}>
            <input type="hidden" name="id" value={p.id} />
            <button className={`btn btn-ghost ${styles.small}`} type="submit">
              Expirar
            </button>
          </form>
        )}
        {p.canEnd && (
          <form action={refuseAction}>
            <input type="hidden" name="id" value={p.id} />
            <button className={`btn btn-ghost ${styles.small}`} type="submit">
              Recusar
            </button>
          </form>
        )}
        {p.canRefundBoleto && (
          <form action={refundBoletoAction}>
            <input type="hidden" name="id" value={p.id} />
            <button className={`btn btn-secondary ${styles.small}`} type="submit">
              Reembolsar boleto
            </button>
          </form>
        )}
        {p.hasWebhooks && (
          <form action={redeliverAction}>
            <input type="hidden" name="id" value={p.id} />
            <button className={`btn btn-ghost ${styles.small}`} type="submit">
              Reenviar webhooks
            </button>
          </form>
        )}
      </div>
    </li>
  );
}
