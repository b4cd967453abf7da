import { plural } from '@balcao/br/plural';
import type { Metadata } from 'next';
import { DiscountRows } from '@/app/_components/discount-rows';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { can as mayDo, refusalMessage } from '@/lib/auth/permissions';
import { requireMerchant } from '@/lib/auth/session';
import { HIDDEN } from '@balcao/br/personal-data';
import { linkById } from '@/lib/links/links';
import { formatDigitableLine } from '@balcao/br/boleto';
import { formatDateBR, formatDateTimeBR } from '@balcao/br/dates';
import { formatDocument } from '@balcao/br/documents';
import { formatMobile } from '@balcao/br/phone';
import { buyerWhatsAppUrl } from '@/lib/orders/whatsapp';
import { getShopIdentity } from '@/lib/shop/identity';
import { availableActions, getOrderDetail, getOrderForAction } from '@/lib/order-admin/order-detail';
import { amountInputText } from '@/lib/payments/refund-form';
import { formatBRL } from '@balcao/br/money';
import { addressLines, deliveryOf, shippingValue } from '@/lib/orders/delivery';
import { orderLabel } from '@/lib/orders/format';
import { METHOD_LABELS, statusBadgeClass, statusLabel } from '@/lib/orders/status-labels';
import { ActionForm } from '../../_components/action-form';
import { cancelOrderAction, reconcileOrderAction, refundDoubleAction, returnStockAction } from '../../actions';
import { unitsHeldBy } from '@/lib/catalog/held-units';
import { orderMoneyLines } from '@/lib/orders/money-lines';
import { resendInstructionsAction } from '../../email-actions';
import { CopyButton } from '@/app/_components/copy-button';
import components from '../../_components/components.module.css';
import styles from './order.module.css';
import { RefundForm } from './refund-form';
import { Timeline } from './timeline';
import { FulfilmentCard } from './fulfilment-card';
import { LabelCard } from './label-card';
import { DigitalCard } from './digital-card';
import { ManualRefundForm } from './manual-refund-form';
import { NotesCard } from './notes-card';
import { OriginCard } from './origin-card';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const order = await getOrderForAction(id);
  return { title: order ? `Pedido ${orderLabel(order)}` : 'Pedido' };
}

/** Links from the provider are shown only when they are plain web addresses. */
function isWebUrl(url: string | null | undefined): url is string {
  return !!url && /^https?:\/\/[^\s]+$/i.test(url);
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export default async function OrderPage({ params }: Props) {
  const { id } = await params;
  const merchant = await requireMerchant(`/dashboard/orders/${encodeURIComponent(id)}`);
  const masked = !mayDo(merchant.role, 'buyers:read');
  const detail = await getOrderDetail(id, { masked });
  if (!detail) notFound();
  const { order, items, payment, timeline, notes, canResendInstructions, doublePix } = detail;
  const link = order.paymentLinkId ? await linkById(order.paymentLinkId) : undefined;
  const delivery = deliveryOf(order);
  const money = orderMoneyLines(order, items);
  // A role without `orders:act` (an Atendente) gets none of the money buttons: they are absent, not disabled.
  const actsOnOrders = mayDo(merchant.role, 'orders:act');
  const available = availableActions(order, payment);
  const can = actsOnOrders ? available : { ...available, reconcile: false, cancel: false, refund: false };
  const label = statusLabel(order.status, order.refundedCents, order.totalCents, order.manualRefundCents);
  const heldUnits = order.status === 'refunded' ? await unitsHeldBy(order.id) : 0;
  // Masked for a role without `buyers:read` (getOrderDetail): no link is made from a masked number.
  const whatsApp = order.buyerPhone && !masked ? buyerWhatsAppUrl(order, (await getShopIdentity()).name) : null;

  return (
    <div className="stack">
      <p className="small">
        <Link href="/dashboard/orders">← Pedidos</Link>
      </p>
      <header className={styles.header}>
        <div>
          <h1>
            Pedido <span className="mono">{orderLabel(order)}</span>
          </h1>
          <p className="muted small">
            Criado em {formatDateTimeBR(order.createdAt)} · {METHOD_LABELS[order.method]} · {formatBRL(order.totalCents)}
          </p>
          {link ? (
            <p className="small">
              Pelo link de pagamento <Link href={`/dashboard/links/${link.id}`}>“{link.title}”</Link>
            </p>
          ) : null}
        </div>
        <span className={`${statusBadgeClass(order.status)} ${styles.bigBadge}`} data-testid="order-status">
          {label}
        </span>
      </header>

      {order.doublePaidAt ? (
        <div className="alert alert-error stack" role="status" data-testid="double-paid">
          <p>
            <strong>Pago em duplicidade.</strong> O comprador trocou o boleto por Pix, e o banco compensou o boleto depois de cancelado: o pedido
            conta um pagamento só ({formatBRL(order.totalCents)}).
            {doublePix?.status === 'refunded'
              ? ` O Pix de ${formatBRL(doublePix.amountCents)} já foi devolvido.`
              : doublePix
                ? ` Devolva o Pix de ${formatBRL(doublePix.amountCents)} ao comprador.`
                : ''}
          </p>
          {doublePix?.status === 'paid' && mayDo(merchant.role, 'orders:act') ? (
            <ActionForm action={refundDoubleAction} fields={{ orderId: order.id }} label="Reembolsar o Pix em duplicidade" pendingLabel="Reembolsando…" />
          ) : null}
        </div>
      ) : null}
      {order.latePayment ? (
        <p className="alert alert-warning" role="status">
          <strong>Pagamento tardio.</strong> Este pedido foi pago depois de ter sido cancelado ou expirado. Confira se ainda deve ser
          entregue{order.method === 'pix' && order.status === 'paid' ? ' ou reembolse o comprador' : ''}.
        </p>
      ) : null}
      {order.stockShort ? (
        <p className="alert alert-error" role="status">
          <strong>Sem estoque para este pedido pago.</strong> As unidades voltaram ao estoque quando a reserva de estoque acabou ou o pedido expirou, e
          foram vendidas antes do pagamento. Combine a entrega com o comprador ou reembolse.
        </p>
      ) : null}
      {order.linkOverLimit ? (
        <p className="alert alert-error" role="status">
          <strong>Acima do limite do link.</strong> Este pedido foi pago depois que a reserva da vaga no link de pagamento acabou, e as vagas já
          tinham sido usadas por outros compradores: o link recebeu mais pagamentos que o limite. Confira se ainda dá para atender ou reembolse.
        </p>
      ) : null}
      {payment?.createState === 'failed' ? (
        <p className="alert alert-error">A cobrança não pôde ser criada no provedor{payment.createError ? `: ${payment.createError}` : '.'}</p>
      ) : null}
      {payment?.createState === 'creating' ? (
        <p className="alert alert-info">A cobrança ainda está sendo criada no provedor. A reconciliação conclui ou desiste dela.</p>
      ) : null}

      <div className={styles.layout}>
        <div className="stack">
          <section className="card" aria-labelledby="items-title">
            <h2 id="items-title">Itens</h2>
            <div className="table-wrap">
              <table className={`table ${components.numbers}`}>
                <thead>
                  <tr>
                    <th scope="col">Produto</th>
                    <th scope="col" className="num">
                      Qtd.
                    </th>
                    <th scope="col" className="num">
                      Preço
                    </th>
                    <th scope="col" className="num">
                      Subtotal
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {money.items.map((i, n) => (
                    <tr key={n}>
                      <td>{i.name}</td>
                      <td className="num">{i.quantity}</td>
                      <td className="num">{formatBRL(i.unitPriceCents)}</td>
                      <td className="num">{formatBRL(i.lineTotalCents)}</td>
                    </tr>
                  ))}
                  {money.shipping ? (
                    <tr>
                      <td colSpan={3}>{money.shipping.method === 'pickup' ? 'Frete — retirar na loja' : 'Frete'}</td>
                      <td className="num" data-testid="shipping-amount">
                        {formatBRL(money.shipping.method === 'pickup' ? 0 : money.shipping.cents)}
                      </td>
                    </tr>
                  ) : null}
                </tbody>
                <tfoot>
                  <DiscountRows money={money} colSpan={3} headerClassName={components.rowHeader} />
                  <tr>
                    <th scope="row" colSpan={3} className={components.rowHeader}>
                      Total
                    </th>
                    <td className="num">
                      <strong>{formatBRL(money.totalCents)}</strong>
                    </td>
                  </tr>
                  {order.refundedCents > 0 ? (
                    <tr>
                      <th scope="row" colSpan={3} className={components.rowHeader}>
                        Reembolsado
                      </th>
                      <td className="num" data-testid="refunded-amount">
                        −{formatBRL(order.refundedCents)}
                      </td>
                    </tr>
                  ) : null}
                </tfoot>
              </table>
            </div>
          </section>

          {order.status === 'refunded' && heldUnits > 0 ? (
            <section className="card stack" aria-labelledby="stock-title">
              <h2 id="stock-title">Estoque</h2>
              <p className="small muted">
                O reembolso não devolve as unidades ao estoque sozinho ({plural(heldUnits, 'unidade', 'unidades')} deste pedido). Devolva se
                o produto voltou para você em condições de venda.
              </p>
              <ActionForm action={returnStockAction} fields={{ orderId: order.id }} label="Devolver ao estoque" pendingLabel="Devolvendo…" available={actsOnOrders} />
            </section>
          ) : null}

          <section className="card" aria-labelledby="buyer-title">
            <h2 id="buyer-title">Comprador</h2>
            <dl className={styles.dl}>
              <Row label="Nome">{order.buyerName}</Row>
              <Row label="CPF/CNPJ">
                <span className="mono">{formatDocument(order.buyerDocument)}</span>
              </Row>
              <Row label="E-mail">{masked ? order.buyerEmail : <a href={`mailto:${order.buyerEmail}`}>{order.buyerEmail}</a>}</Row>
              {order.buyerPhone ? (
                <Row label="Celular (WhatsApp)">
                  <span className="mono" data-testid="buyer-phone">
                    {formatMobile(order.buyerPhone)}
                  </span>
                  {whatsApp ? (
                    <>
                      {' · '}
                      <a href={whatsApp} target="_blank" rel="noopener noreferrer" data-testid="buyer-whatsapp">
                        Conversar no WhatsApp<span className="visually-hidden"> com o comprador (abre em nova aba)</span>
                      </a>
                    </>
                  ) : null}
                </Row>
              ) : null}
              {order.buyerNote ? (
                <Row label="Observações para a loja">
                  <span className={styles.buyerNote} data-testid="buyer-note">
                    {order.buyerNote}
                  </span>
                </Row>
              ) : null}
              {order.addressStreet ? (
                <Row label={delivery.method ? 'Endereço de cobrança' : 'Endereço'}>
                  {order.addressStreet === HIDDEN ? null : `${order.addressStreet}, ${order.addressNumber} — ${order.addressNeighborhood}, `}
                  {order.addressCity}/{order.addressState} · CEP {order.addressZip?.replace(/^(\d{5})(\d{3})$/, '$1-$2')}
                </Row>
              ) : null}
            </dl>
            {masked ? (
              <p className="small muted">{refusalMessage(merchant.role, 'buyers:read')}</p>
            ) : order.buyerDocument ? (
              <p className="small">
                <Link href={`/dashboard/settings/comprador?${new URLSearchParams({ q: order.buyerDocument })}`}>Dados do comprador (LGPD): exportar ou anonimizar</Link>
              </p>
            ) : null}
          </section>

          <OriginCard order={order} />

          {delivery.method ? (
            <section className="card" aria-labelledby="delivery-title">
              <h2 id="delivery-title">Entrega</h2>
              <dl className={styles.dl}>
                {delivery.address ? (
                  <Row label="Endereço de entrega">
                    <address className={styles.address} data-testid="delivery-address">
                      {addressLines(delivery.address).map((l) => (
                        <span key={l}>{l}</span>
                      ))}
                    </address>
                  </Row>
                ) : null}
                {delivery.method === 'pickup' ? <Row label="Retirada na loja">{delivery.pickupAddress ?? '—'}</Row> : null}
                <Row label="Frete">{shippingValue(delivery)}</Row>
              </dl>
            </section>
          ) : null}

          <section className="card" aria-labelledby="payment-title">
            <h2 id="payment-title">Pagamento</h2>
            {payment ? (
              <dl className={styles.dl}>
                <Row label="Forma">{METHOD_LABELS[payment.method]}</Row>
                <Row label="Id no provedor">
                  <span className="mono">{payment.providerId ?? '—'}</span>
                </Row>
                <Row label="Status no provedor">
                  <span className="mono">{payment.providerStatus ?? '—'}</span>
                  {payment.lastCheckedAt ? <span className="small muted"> (lido em {formatDateTimeBR(payment.lastCheckedAt)})</span> : null}
                </Row>
                {payment.dueDate ? <Row label="Vencimento">{formatDateBR(payment.dueDate)}</Row> : null}
                {payment.payableUntil ? <Row label="Pode ser pago até">{formatDateBR(payment.payableUntil)}</Row> : null}
                <Row label="Pago em">{order.paidAt ? formatDateTimeBR(order.paidAt) : '—'}</Row>
                {payment.refundedAt ? <Row label="Reembolsado em">{formatDateTimeBR(payment.refundedAt)}</Row> : null}
                {payment.pixCode ? (
                  <Row label="Pix copia e cola">
                    <div className={styles.code}>
                      <code className={`mono ${styles.codeText}`} data-testid="pix-code">
                        {payment.pixCode}
                      </code>
                      <CopyButton value={payment.pixCode} className="btn btn-ghost" />
                    </div>
                  </Row>
                ) : null}
                {payment.pixImage?.startsWith('data:image/png;base64,') ? (
                  <Row label="QR code">
                    {/* eslint-disable-next-line @next/next/no-img-element -- a data: URI from the provider */}
                    <img src={payment.pixImage} alt="QR code do Pix deste pedido" width={160} height={160} className={styles.qr} />
                  </Row>
                ) : null}
                {payment.digitableLine ? (
                  <Row label="Linha digitável">
                    <div className={styles.code}>
                      <code className={`mono ${styles.codeText}`} data-testid="digitable-line">
                        {formatDigitableLine(payment.digitableLine)}
                      </code>
                      <CopyButton value={payment.digitableLine} className="btn btn-ghost" />
                    </div>
                  </Row>
                ) : null}
                {isWebUrl(payment.pdfUrl) || isWebUrl(payment.invoiceUrl) ? (
                  <Row label="Boleto">
                    <span className={styles.links}>
                      {/* The boleto's PDF names its payer whole: not for a role that sees buyers masked. */}
                      {isWebUrl(payment.pdfUrl) && !masked ? (
                        <a href={payment.pdfUrl} target="_blank" rel="noopener noreferrer">
                          Abrir o PDF do boleto
                        </a>
                      ) : null}
                      {isWebUrl(payment.invoiceUrl) ? (
                        <a href={payment.invoiceUrl} target="_blank" rel="noopener noreferrer">
                          Ver o boleto no provedor
                        </a>
                      ) : null}
                    </span>
                  </Row>
                ) : null}
                {masked ? null : (
                  // The buyer's own page shows them whole: not for a role that sees them masked.
                  <Row label="Página do comprador">
                    <a href={`/orders/${order.token}`} target="_blank" rel="noopener noreferrer">
                      Abrir a página do pedido
                    </a>
                  </Row>
                )}
              </dl>
            ) : (
              <p className="muted">Sem cobrança registrada para este pedido.</p>
            )}
          </section>
        </div>

        <aside className="stack" aria-label="Ações">
          <FulfilmentCard
            order={order}
            knownCarriersOnly={mayDo(merchant.role, 'fulfilment:tracking-links') ? null : refusalMessage(merchant.role, 'fulfilment:tracking-links')}
          />
          <LabelCard order={order} canBuy={actsOnOrders && mayDo(merchant.role, 'fulfilment:act')} canPrint={!masked && mayDo(merchant.role, 'fulfilment:act')} />
          <DigitalCard order={order} role={merchant.role} />
          <section className="card stack" aria-labelledby="actions-title">
            <h2 id="actions-title">{order.status === 'pending' ? 'Próximo passo' : 'Ações'}</h2>
            {/* The step an unpaid order waits for comes first; the rest is one click away in "Mais ações". */}
            <ActionForm
              action={resendInstructionsAction}
              fields={{ orderId: order.id }}
              label="Reenviar instruções"
              pendingLabel="Enfileirando…"
              className="btn"
              available={!!canResendInstructions && (mayDo(merchant.role, 'emails:resend') || mayDo(merchant.role, 'dashboard:tour'))}
              denied={mayDo(merchant.role, 'emails:resend') ? undefined : refusalMessage(merchant.role, 'emails:resend')}
              hint={`Envia de novo ao comprador (${order.buyerEmail}) as instruções de pagamento.`}
            />
            {order.manualRefundCents > 0 ? (
              <p className="small" data-testid="manual-refund">
                Reembolso manual de {formatBRL(order.manualRefundCents)} registrado
                {order.manualRefundedBy ? ` por ${order.manualRefundedBy}` : ''}
                {order.manualRefundedAt ? ` em ${formatDateTimeBR(order.manualRefundedAt)}` : ''}: {order.manualRefundReason}
              </p>
            ) : null}
            <details className={styles.moreActions} data-testid="more-actions">
              <summary className="btn btn-secondary">Mais ações</summary>
              <div className="stack">
                <ActionForm
                  action={reconcileOrderAction}
                  fields={{ orderId: order.id }}
                  label="Reconciliar agora"
                  pendingLabel="Conferindo…"
                  available={can.reconcile}
                  hint="Lê o status da cobrança no provedor e aplica o que mudou."
                />
                <ActionForm
                  action={cancelOrderAction}
                  fields={{ orderId: order.id }}
                  label="Cancelar cobrança"
                  pendingLabel="Cancelando…"
                  className="btn btn-danger"
                  available={can.cancel}
                  confirm={{
                    title: 'Cancelar a cobrança?',
                    body: (
                      <p>
                        A cobrança de <strong>{formatBRL(order.totalCents)}</strong> ({METHOD_LABELS[order.method]}) deixa de poder ser paga. Isso não
                        pode ser desfeito.
                      </p>
                    ),
                    confirmLabel: 'Sim, cancelar cobrança',
                    confirmClassName: 'btn btn-danger',
                  }}
                />
                {order.method === 'pix' ? (
                  <RefundForm orderId={order.id} totalCents={order.totalCents} defaultAmount={amountInputText(order.totalCents)} available={can.refund} />
                ) : order.status === 'paid' || order.manualRefundCents > 0 ? (
                  <ManualRefundForm orderId={order.id} totalCents={order.totalCents} defaultAmount={amountInputText(order.totalCents)} available={actsOnOrders && order.status === 'paid'} />
                ) : null}
                {!can.cancel && !can.refund && order.status !== 'paid' ? (
                  <p className="small muted">
                    {order.status === 'refunded'
                      ? `Reembolso de ${formatBRL(order.refundedCents)} feito. Nenhuma outra ação disponível.`
                      : order.status === 'pending'
                        ? 'A cobrança ainda não pode ser cancelada.'
                        : 'Nenhuma outra ação disponível para este pedido.'}
                  </p>
                ) : null}
              </div>
            </details>
          </section>
          <NotesCard
            orderId={order.id}
            canWrite={mayDo(merchant.role, 'orders:note')}
            notes={notes.map((n) => ({
              key: String(n.id),
              body: n.body,
              by: n.authorName ? `${n.authorName} (${n.authorEmail})` : n.authorEmail,
              at: n.createdAt,
              when: formatDateTimeBR(n.createdAt),
            }))}
          />
        </aside>
      </div>

      <section className="card" aria-labelledby="timeline-title">
        <h2 id="timeline-title">Linha do tempo</h2>
        <p className="small muted">Tudo o que aconteceu com a cobrança: eventos, webhooks recebidos e ações, do mais antigo ao mais recente.</p>
        <Timeline entries={timeline} />
      </section>
    </div>
  );
}
