import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { formatDateBR } from '@balcao/br/dates';
import { chargeOfOrder } from '@/lib/demo/simulator-access';
import { defaultSandbox, sandboxEnabled } from '@/lib/embedded-provider';
import { simulatorPayment } from '@balcao/payment-sandbox';
import { expireAction, payAction } from '../../actions';
import styles from '../../sandbox.module.css';
import { ActionOutcome } from '../../action-outcome';
import { PaymentHead } from '../../payment-card';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Simular pagamento', robots: { index: false, follow: false } };

type Props = {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * The simulator for ONE order, reached from that order's page (its unguessable token is the
 * key): what a visitor of a public demo may do with the sandbox — pay or expire their own charge.
 */
export default async function OrderSimulatorPage({ params, searchParams }: Props) {
  if (!sandboxEnabled()) notFound();
  const { token } = await params;
  const query = await searchParams;
  const ok = typeof query.ok === 'string' ? query.ok.slice(0, 300) : undefined;
  const error = typeof query.erro === 'string' ? query.erro.slice(0, 300) : undefined;
  const chargeId = await chargeOfOrder(token);
  if (!chargeId) notFound();
  const p = simulatorPayment(defaultSandbox(), chargeId);
  if (!p) notFound();
  const kind = p.kind === 'pix' ? 'Pix' : 'Boleto';

  return (
    <main id="conteudo" className={`container stack ${styles.footer}`}>
      <header className={`stack ${styles.header}`}>
        <span className={styles.sandboxTag}>Sandbox</span>
        <h1>Simular pagamento</h1>
        <p className="muted">
          Loja de demonstração: nenhum dinheiro real circula. “Pagar” faz o que o app do banco faria; “Expirar” encerra a cobrança como se o
          prazo tivesse acabado.
        </p>
      </header>
      <ActionOutcome ok={ok} error={error} />
      <section className={`card ${styles.item}`} aria-label={`Cobrança ${kind} do pedido`}>
        <PaymentHead p={p} kind={kind} />
        <dl className={styles.meta}>
          <dt>Vencimento</dt>
          <dd>
            {formatDateBR(p.dueDate)} (pagável até {formatDateBR(p.lastPayableDate)})
          </dd>
        </dl>
        {p.canPay || p.canEnd ? (
          <div className={styles.actions}>
            {p.canPay && <ChargeAction action={payAction} chargeId={p.id} token={token} label="Pagar" />}
            {p.canEnd && <ChargeAction action={expireAction} chargeId={p.id} token={token} label="Expirar" ghost />}
          </div>
        ) : p.badge === 'pending' ? (
          <p className="small muted" role="status">
            A cobrança ainda está sendo ativada: atualize em alguns segundos.
          </p>
        ) : null}
      </section>
      <p>
        <Link href={`/orders/${token}`}>Voltar ao pedido</Link>
      </p>
    </main>
  );
}

/** One simulator action on this order's charge (the action checks the charge belongs to the token's order). */
function ChargeAction({ action, chargeId, token, label, ghost = false }: { action: (form: FormData) => Promise<void>; chargeId: string; token: string; label: string; ghost?: boolean }) {
  return (
    <form action={action}>
      <input type="hidden" name="id" value={chargeId} />
      <input type="hidden" name="pedido" value={token} />
      <button className={ghost ? 'btn btn-ghost' : 'btn'} type="submit">
        {label}
      </button>
    </form>
  );
}
