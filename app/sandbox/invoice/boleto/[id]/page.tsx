import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { formatDigitableLine } from '@balcao/br/boleto';
import { formatDateBR, formatDateTimeBR } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import { defaultSandbox, sandboxEnabled } from '@/lib/embedded-provider';
import { boletoInvoice } from '@balcao/payment-sandbox';
import { CopyButton } from '@/app/_components/copy-button';
import { BarcodeSvg } from './barcode-svg';
import styles from './invoice.module.css';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Boleto (sandbox)', robots: { index: false, follow: false } };

const STATUS: Record<number, { label: string; badge: string }> = {
  2: { label: 'Aguardando pagamento', badge: 'badge-pending' },
  3: { label: 'Cancelado', badge: 'badge-canceled' },
  4: { label: 'Pago', badge: 'badge-paid' },
  5: { label: 'Reembolsado', badge: 'badge-refunded' },
};

export default async function BoletoInvoicePage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ pedido?: string | string[] }> }) {
  if (!sandboxEnabled()) notFound();
  const { id } = await params;
  // The payer here is always masked; the order's token, when given, is passed on to the PDF (its route decides).
  const { pedido } = await searchParams;
  const pdfHref = `/sandbox/invoice/boleto/pdf/${id}${typeof pedido === 'string' && /^[A-Za-z0-9_-]{16,100}$/.test(pedido) ? `?pedido=${pedido}` : ''}`;
  const b = boletoInvoice(defaultSandbox(), id);
  if (!b) notFound();
  const status = STATUS[b.status] ?? { label: `Status ${b.status}`, badge: 'badge-pending' };
  const line = formatDigitableLine(b.digitableLine);
  const p = b.payerShown;

  return (
    <main id="conteudo" className={`container stack ${styles.page}`}>
      <p className="alert alert-warning" role="note">
        Boleto de teste do sandbox: não tem valor e nenhum banco o aceita. Para simular o pagamento, use o{' '}
        <Link href="/sandbox">simulador</Link>.
      </p>
      <header className="row">
        <h1>Boleto</h1>
        <span className={`badge ${status.badge}`}>{status.label}</span>
      </header>

      <section className={`card stack ${styles.slip}`} aria-label="Dados do boleto">
        <div className={styles.bankRow}>
          <strong>{b.bank.name}</strong>
          <span className="mono">Banco {b.bank.code}</span>
        </div>
        <div className={styles.codeBlock}>
          <p className={styles.label} id="linha-digitavel">
            Linha digitável
          </p>
          <p className={`mono ${styles.line}`} aria-labelledby="linha-digitavel">
            {line}
          </p>
          <div className="row">
            <CopyButton value={b.digitableLine} />
            <a className="btn btn-secondary" href={pdfHref}>
              Baixar PDF
            </a>
          </div>
        </div>

        <dl className={styles.fields}>
          <div>
            <dt>Valor</dt>
            <dd className={styles.amount}>{formatBRL(b.amountCents)}</dd>
          </div>
          <div>
            <dt>Vencimento</dt>
            <dd>{formatDateBR(b.dueDate)}</dd>
          </div>
          <div>
            <dt>Pagável até</dt>
            <dd>{formatDateBR(b.lastPayableDate)}</dd>
          </div>
          <div>
            <dt>Multa / juros ao dia</dt>
            <dd>
              {String(b.finePercent).replace('.', ',')} % / {String(b.interestPercent).replace('.', ',')} %
            </dd>
          </div>
          <div>
            <dt>Beneficiário</dt>
            <dd>{b.beneficiary}</dd>
          </div>
          <div>
            <dt>Pagador</dt>
            <dd>
              {p.name} — {p.document}
              <br />
              {p.city}/{p.state}
            </dd>
          </div>
          <div>
            <dt>Descrição</dt>
            <dd>{b.description}</dd>
          </div>
          {b.paidAt !== null && (
            <div>
              <dt>Pago em</dt>
              <dd>{formatDateTimeBR(new Date(b.paidAt))}</dd>
            </div>
          )}
          <div>
            <dt>Identificador</dt>
            <dd className="mono small">{b.id}</dd>
          </div>
        </dl>

        <div className={styles.barcode}>
          <BarcodeSvg barcode={b.barcode} label={`Código de barras ${b.barcode}`} />
          <p className="mono small muted">{b.barcode}</p>
        </div>
      </section>
    </main>
  );
}
