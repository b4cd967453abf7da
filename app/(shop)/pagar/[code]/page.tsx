import type { Metadata } from 'next';
import Link from 'next/link';
import { LinkVariantName } from './link-variant-name';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { randomUUID } from 'node:crypto';
import { saoPauloDate } from '@balcao/br/dates';
import { buyerCookieName, buyerOrderOnLink, linkForBuyer } from '@/lib/links/links';
import { statusLabel } from '@/lib/orders/words';
import { closedMessage } from '@/lib/links/words';
import { formatBRL } from '@balcao/br/money';
import { MIN_ORDER_CENTS, orderMoney } from '@/lib/orders/pricing';
import { bpsToPercentText } from '@/lib/payment-settings/pix-discount';
import { getSettings } from '@/lib/payment-settings/settings';
import checkoutStyles from '../../checkout/checkout.module.css';
import { clientRateKey, hit } from '@/lib/security';
import { CheckoutForm } from '../../checkout/checkout-form';
import { payLinkAction } from './actions';
import styles from './pay-link.module.css';
import { TermsConsent } from '../../_components/terms-consent';
import { env } from '@/lib/config/env';
import { linkUtmFields, queryOf } from '@/lib/attribution/attribution';
import { getShopIdentity, logoUrl, linkOpenGraph } from '@/lib/shop';
import { linkDraftPrefill } from '@/lib/checkout';
import { DraftChanges } from '../../checkout/draft-changes';


export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ code: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * One lookup per request, shared by the metadata and the page (React's per-request cache):
 * opening a code is limited per client like the checkout, so nobody can try many, and the
 * preview's title cannot tell a limited visitor whether a code exists.
 */
const lookUp = cache(async (code: string) => {
  if (!(await hit('link', clientRateKey(await headers()))).ok) return 'limited' as const;
  return (await linkForBuyer(code)) ?? null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await lookUp((await params).code);
  const robots = { index: false, follow: false };
  if (found === 'limited' || !found) return { title: 'Pagamento', robots };
  const shop = await getShopIdentity();
  return { ...linkOpenGraph(found.link, shop.name, env().appUrl, shop.logo ? logoUrl(shop.logo.hash) : null), robots };
}

export default async function PayLinkPage({ params, searchParams }: Props) {
  const { code } = await params;
  // The link's own UTM (its share buttons add utm_source) travels with its form: "Origem" of this sale.
  const query = await searchParams;
  const utmFields = Object.fromEntries(linkUtmFields(queryOf(query)).map((f) => [f.name, f.value]));
  const found = await lookUp(code);
  if (found === 'limited') {
    return (
      <main className="container stack">
        <h1>Muitas tentativas</h1>
        <p>Aguarde um minuto e abra o link de novo.</p>
      </main>
    );
  }
  if (!found) notFound();
  const { link, stats } = found;
  const draft = await linkDraftPrefill(link.code, link.amountCents, query.retomada === '1');
  const shop = (await getShopIdentity()).name;
  const mine = await buyerOrderOnLink((await cookies()).get(buyerCookieName(link.code))?.value, link.id);
  const closed = closedMessage(link, stats, saoPauloDate());
  const methods = link.methods === 'both' ? (['pix', 'boleto'] as const) : ([link.methods] as const);
  const min = Math.max(link.minAmountCents ?? MIN_ORDER_CENTS, MIN_ORDER_CENTS);
  // The shop's Pix discount, when this link takes it (the same rule placeOrder applies).
  const settings = await getSettings();
  const bps = link.pixDiscount && link.methods !== 'boleto' ? settings.pixDiscountBps : 0;
  const percent = bpsToPercentText(bps);
  const pix = link.amountCents !== null ? orderMoney(link.amountCents, 'pix', bps) : null;
  const pixHint =
    bps <= 0
      ? undefined
      : pix && pix.pixDiscountCents > 0
        ? `${formatBRL(pix.totalCents)} com ${percent}% de desconto. Aprovação na hora.`
        : `${percent}% de desconto sobre o valor. Aprovação na hora.`;

  return (
    <main className="container">
      <p className={`small muted ${styles.shop}`}>Cobrança de {shop}</p>
      <h1>{link.title}</h1>
      <DraftChanges changes={draft.changes} />
      <LinkVariantName variantId={link.variantId} />
      {mine ? (
        <p className={`alert alert-info ${styles.mine}`} role="status">
          <span>
            Você já gerou um pagamento por este link: <strong>{statusLabel(mine.status)}</strong>.
          </span>
          <Link href={`/orders/${mine.token}`} className="btn btn-secondary">
            Ver meu pedido
          </Link>
        </p>
      ) : null}
      {closed ? (
        <section className={`card ${styles.closed}`} role="status" aria-labelledby="link-fechado">
          <h2 id="link-fechado">{closed.title}</h2>
          <p>{closed.body}</p>
        </section>
      ) : (
        <div className={`${styles.layout} ${checkoutStyles.layout}`}>
          <section className={`card ${styles.summary}`} aria-labelledby="resumo-link">
            <h2 id="resumo-link">Resumo</h2>
            {link.description ? <p className={styles.description}>{link.description}</p> : null}
            {pix && pix.pixDiscountCents > 0 ? (
              <>
                <p className={checkoutStyles.totalLine}>
                  <span>Valor</span>
                  <span>{formatBRL(pix.itemsCents)}</span>
                </p>
                <p className={`${checkoutStyles.totalLine} ${checkoutStyles.forPix}`}>
                  <span>Desconto no Pix ({percent}%)</span>
                  <span>−{formatBRL(pix.pixDiscountCents)}</span>
                </p>
              </>
            ) : null}
            <p className={styles.total} aria-live="polite">
              <span>{link.amountCents !== null ? 'Total' : 'Valor'}</span>
              {link.amountCents === null ? (
                <strong data-testid="link-amount">você escolhe, a partir de {formatBRL(min)}</strong>
              ) : pix && pix.pixDiscountCents > 0 ? (
                <strong data-testid="link-amount">
                  <span className={checkoutStyles.forPix}>{formatBRL(pix.totalCents)}</span>
                  <span className={checkoutStyles.forBoleto}>{formatBRL(link.amountCents)}</span>
                </strong>
              ) : (
                <strong data-testid="link-amount">{formatBRL(link.amountCents)}</strong>
              )}
            </p>
            {link.amountCents === null && bps > 0 ? <p className={`small muted ${checkoutStyles.forPix}`}>No Pix, {percent}% de desconto sobre o valor que você informar.</p> : null}
          </section>
          <section className={`card ${styles.formCard}`} aria-label="Pagamento">
            <CheckoutForm
              checkoutKey={randomUUID()}
              action={payLinkAction}
              methods={methods}
              hiddenFields={{ linkCode: link.code, ...utmFields }}
              pixHint={pixHint}
              coupons={link.allowCoupons}
              phoneRequired={settings.requireBuyerPhone}
              prefill={draft.prefill}
              {...(link.amountCents === null ? { amount: { hint: `A partir de ${formatBRL(min)}.` } } : {})}
            />
            <TermsConsent />
          </section>
        </div>
      )}
    </main>
  );
}
