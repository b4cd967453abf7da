import { plural } from '@balcao/br/plural';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { formatDigitableLine } from '@balcao/br/boleto';
import { formatDateBR } from '@balcao/br/dates';
import { hasFullSimulatorAccess, mayReadPayers } from '@/lib/demo/simulator-access';
import { defaultSandbox, sandboxEnabled } from '@/lib/embedded-provider';
import { simulatorState, type PaymentView } from '@balcao/payment-sandbox';
import {
  advanceClockAction,
  expireAction,
  payAction,
  payCodeAction,
  redeliverAction,
  refundBoletoAction,
  refuseAction,
} from './actions';
import { AutoRefresh } from './auto-refresh';
import styles from './sandbox.module.css';
import { ActionOutcome } from './action-outcome';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Simulador do sandbox', robots: { index: false, follow: false } };

const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'medium' });
const when = (ms: number) => dateTime.format(new Date(ms));

const SCENARIOS: Record<string, string> = { approved: 'aprovado', refused: 'recusado', pending: 'pendente' };
const DELIVERY_STATUS: Record<string, { label: string; badge: string }> = {
  pending: { label: 'Pendente', badge: 'badge-pending' },
  delivered: { label: 'Entregue', badge: 'badge-paid' },
  failed: { label: 'Falhou', badge: 'badge-canceled' },
  dropped: { label: 'Descartado (falha simulada)', badge: 'badge-expired' },
};
const OUTCOMES: Record<string, string> = { delivered: 'entregue', failed: 'falhou', dropped: 'descartado', duplicate: 'duplicado' };

function offsetText(ms: number): string {
  if (ms <= 0) return 'sem avanço: igual ao relógio real';
  const s = Math.round(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = [d && `${d} d`, h && `${h} h`, m && `${m} min`, !d && !h && !m && `${s} s`].filter(Boolean);
  return `adiantado ${parts.join(' ')} em relação ao relógio real`;
}

/** `showPdf`: the boleto's PDF names its payer whole, so only for who reads payers (lib/demo/simulator-access.ts). */
function PaymentCard({ p, showPdf }: { p: PaymentView; showPdf: boolean }) {
  const kind = p.kind === 'pix' ? 'Pix' : 'Boleto';
  return (
    <li className={`card ${styles.item}`} aria-label={`${kind} ${p.id}`}>
      <div className={styles.itemHead}>
        <span className="row">
          <span className={styles.kind}>{kind}</span>
          <span className={`badge badge-${p.badge}`}>{p.label}</span>
        </span>
        <span className={styles.amount}>{p.amount}</span>
      </div>
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

/** A public demo's visitor: no one else's payments, no global controls — their own order's page instead. */
function VisitorNotice({ error }: { error?: string }) {
  return (
    <main id="conteudo" className={`container stack ${styles.footer}`}>
      <header className={`stack ${styles.header}`}>
        <span className={styles.sandboxTag}>Sandbox</span>
        <h1>Simulador de pagamentos</h1>
      </header>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <section className="card stack">
        <p>
          Esta é uma loja de demonstração: nenhum dinheiro real circula. Para simular o pagamento do seu pedido, abra a página do pedido e
          use <strong>Simular pagamento</strong>.
        </p>
        <p className="muted">A lista de todas as cobranças, o relógio e os demais controles do sandbox são só para o lojista.</p>
        <p>
          <Link href="/login">Entrar como lojista</Link> · <Link href="/">Ir para a loja</Link>
        </p>
      </section>
    </main>
  );
}

export default async function SandboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (!sandboxEnabled()) notFound();
  const params = await searchParams;
  const ok = typeof params.ok === 'string' ? params.ok.slice(0, 300) : undefined;
  const error = typeof params.erro === 'string' ? params.erro.slice(0, 300) : undefined;
  if (!(await hasFullSimulatorAccess())) return <VisitorNotice error={error} />;
  const showPdf = await mayReadPayers();
  const state = simulatorState(defaultSandbox());
  const f = state.faults;
  const faultLines = [
    f.latency_ms > 0 && `latência adicional de ${f.latency_ms} ms`,
    f.error_rate > 0 && `${Math.round(f.error_rate * 100)} % das requisições com erro 500`,
    f.rate_limit_rate > 0 && `${Math.round(f.rate_limit_rate * 100)} % com 429 (Retry-After ${f.retry_after_seconds} s)`,
    f.webhook_drop_rate > 0 && `${Math.round(f.webhook_drop_rate * 100)} % dos webhooks descartados`,
    f.webhook_duplicate_rate > 0 && `${Math.round(f.webhook_duplicate_rate * 100)} % dos webhooks duplicados`,
    f.webhook_reorder && 'webhooks fora de ordem',
  ].filter((x): x is string => typeof x === 'string');

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
        <section className="card stack" id="relogio" aria-labelledby="relogio-titulo">
          <h2 id="relogio-titulo">Relógio do sandbox</h2>
          <p>
            <span className={styles.clockNow}>{when(state.now)}</span>
            <br />
            <span className="small muted">Horário de São Paulo, {offsetText(state.offsetMs)}.</span>
          </p>
          <div className={styles.quick}>
            {[
              ['60', '+1 min'],
              ['3600', '+1 hora'],
              ['86400', '+1 dia'],
              ['604800', '+7 dias'],
            ].map(([seconds, label]) => (
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

        <section className="card stack" aria-labelledby="codigo-titulo">
          <h2 id="codigo-titulo">Pagar por código</h2>
          <form action={payCodeAction} className="stack">
            <div className="field">
              <label htmlFor="code">Pix copia e cola, linha digitável ou código de barras</label>
              <textarea id="code" name="code" rows={3} required maxLength={1000} />
              <p className="field-hint">Como o app de um banco faria: confere o código e paga a cobrança de qualquer chave.</p>
            </div>
            <button className="btn" type="submit">
              Pagar código
            </button>
          </form>
        </section>
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

      <section className="card stack" id="webhooks" aria-labelledby="webhooks-titulo">
        <h2 id="webhooks-titulo">Webhooks</h2>
        {state.deliveries.length === 0 ? (
          <p className="muted">Nenhuma entrega ainda.</p>
        ) : (
          <ul className={styles.log}>
            {state.deliveries.map((d) => {
              const s = DELIVERY_STATUS[d.status] ?? { label: d.status, badge: 'badge-pending' };
              return (
                <li key={d.id} className={styles.logItem}>
                  <div className="row">
                    <span className="mono small">{d.type}</span>
                    <span className={`badge ${s.badge}`}>{s.label}</span>
                    <span className="small muted">
                      {plural(d.attempts, 'tentativa', 'tentativas')}
                      {d.last_status_code !== null ? ` · HTTP ${d.last_status_code}` : ''}
                    </span>
                  </div>
                  <span className={`small mono ${styles.url}`}>{d.maskedUrl}</span>
                  <span className="small muted">
                    evento {d.event_id} · cobrança {d.payment_id}
                    {d.next_attempt_at ? ` · próxima tentativa ${when(Date.parse(d.next_attempt_at))}` : ''}
                  </span>
                  {d.log.length > 0 && (
                    <ol className={styles.attempts}>
                      {d.log.map((a, i) => (
                        <li key={i}>
                          {when(Date.parse(a.at))}: {OUTCOMES[a.outcome] ?? a.outcome}
                          {a.status_code !== null ? ` (HTTP ${a.status_code})` : ''}
                          {a.error && a.status_code === null ? ` — ${a.error}` : ''}
                        </li>
                      ))}
                    </ol>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="card stack" aria-labelledby="falhas-titulo">
        <h2 id="falhas-titulo">Falhas simuladas</h2>
        {faultLines.length === 0 ? (
          <p className="muted">Nenhuma falha ativa.</p>
        ) : (
          <ul className={styles.faults}>
            {faultLines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        <p className="small muted">
          Configure com <code>PUT /api/sandbox/sim/faults</code> (veja docs/sandbox.md); <code>{'{}'}</code> desliga todas.
        </p>
      </section>
    </main>
  );
}
