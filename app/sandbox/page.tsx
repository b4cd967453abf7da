import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { hasFullSimulatorAccess, mayReadPayers } from '@/lib/demo/simulator-access';
import { defaultSandbox, sandboxEnabled } from '@/lib/embedded-provider';
import { simulatorState } from '@balcao/payment-sandbox';
import { AutoRefresh } from './auto-refresh';
import styles from './sandbox.module.css';
import { ActionOutcome } from './action-outcome';
import { ClockCard } from './clock-card';
import { FaultsCard } from './faults-card';
import { PayCodeCard } from './pay-code-card';
import { PaymentCard } from './payment-card';
import { VisitorNotice } from './visitor-notice';
import { WebhookLog } from './webhook-log';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Simulador do sandbox', robots: { index: false, follow: false } };

export default async function SandboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (!sandboxEnabled()) notFound();
  const params = await searchParams;
  const ok = typeof params.ok === 'string' ? params.ok.slice(0, 300) : undefined;
  const error = typeof params.erro === 'string' ? params.erro.slice(0, 300) : undefined;
  if (!(await hasFullSimulatorAccess())) return <VisitorNotice error={error} />;
  const showPdf = await mayReadPayers();
  const state = simulatorState(defaultSandbox());

  return (
    <main id="conteudo" className={`container stack ${styles.footer}`}>
      <header className={`stack ${styles.header}`}>
        <span className={styles.sandboxTag}>Sandbox</span>
        <h1>Simulador de pagamentos</h1>
        <p className="muted">
          Ambiente de testes: nenhum dinheiro real circula. Aqui aparecem as cobranças de todas as chaves do sandbox; pague, expire ou
          recuse cada uma e acompanhe os webhooks. Os e-mails que a loja mandou aos compradores estão em{' '}
          <Link href="/sandbox/emails">E-mails enviados</Link>.
        </p>
        <AutoRefresh />
      </header>

      <ActionOutcome ok={ok} error={error} />

      <div className={styles.grid}>
        <ClockCard now={state.now} offsetMs={state.offsetMs} />
        <PayCodeCard />
      </div>

      <section className="stack" aria-labelledby="cobrancas-titulo">
        <h2 id="cobrancas-titulo">
          Cobranças{' '}
          <span className="muted small">
            ({state.payments.length < state.totalPayments ? `${state.payments.length} mais recentes de ${state.totalPayments}` : state.totalPayments})
          </span>
        </h2>
        {state.payments.length === 0 ? (
          <p className="muted">Nenhuma cobrança ainda. Faça um pedido na loja ou chame POST /api/sandbox/v1/pix/due.</p>
        ) : (
          <ul className={styles.list}>
            {state.payments.map((p) => (
              <PaymentCard key={p.id} p={p} showPdf={showPdf} />
            ))}
          </ul>
        )}
      </section>

      <WebhookLog deliveries={state.deliveries} />
      <FaultsCard faults={state.faults} />
    </main>
  );
}
