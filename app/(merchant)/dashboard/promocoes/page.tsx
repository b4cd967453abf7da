import type { Metadata } from 'next';
import { requireMerchant } from '@/lib/auth';
import { DiscountListPage, type DiscountColumn } from '@/app/(merchant)/dashboard/_components/discount-list-page';
import { formatBRL } from '@balcao/br/money';
import { formatDateTimeBR } from '@balcao/br/dates';
import { listPromotions, promotionScopeChoices, type PromotionRow } from '@/lib/promotions/admin';
import { STATUS_LABELS, TYPE_LABELS } from '@/lib/promotions/rules';
import { pausePromotionAction } from './actions';
import { NewPromotionForm } from './new-promotion-form';

export const metadata: Metadata = { title: 'Promoções' };
export const dynamic = 'force-dynamic';

const BADGE = { active: 'badge-paid', scheduled: 'badge-pending', paused: 'badge-canceled', ended: 'badge-expired' } as const;

const COLUMNS: DiscountColumn<PromotionRow>[] = [
  { header: 'Nome', cell: (p) => <strong>{p.name}</strong> },
  { header: 'Tipo', cell: (p) => TYPE_LABELS[p.type] },
  { header: 'Período', cell: periodText },
  { header: 'Status', cell: (p) => <span className={`badge ${BADGE[p.status]}`}>{STATUS_LABELS[p.status]}</span> },
  { header: 'Usos', num: true, cell: (p) => p.uses },
  { header: 'Desconto dado', num: true, cell: (p) => formatBRL(p.discountCents) },
];

function periodText(p: PromotionRow): string {
  if (p.startsAt && p.endsAt) return `${formatDateTimeBR(p.startsAt)} a ${formatDateTimeBR(p.endsAt)}`;
  if (p.endsAt) return `até ${formatDateTimeBR(p.endsAt)}`;
  if (p.startsAt) return `a partir de ${formatDateTimeBR(p.startsAt)}`;
  return 'Sem prazo';
}

export default async function PromotionsPage() {
  const merchant = await requireMerchant('/dashboard/promocoes');
  const [rows, choices] = await Promise.all([listPromotions(), promotionScopeChoices()]);
  return (
    <DiscountListPage
      title="Promoções"
      intro="Promoções valem sozinhas, sem código. Cada item recebe a promoção que mais desconta nele; depois vale o cupom, e o desconto do Pix sobre o restante. O frete grátis é decidido à parte."
      role={merchant.role}
      create={{ id: 'nova-promocao', heading: 'Nova promoção', form: <NewPromotionForm categories={choices.categories} products={choices.products} /> }}
      list={{
        id: 'lista-promocoes',
        heading: 'Suas promoções',
        empty: 'Nenhuma promoção ainda. Crie a primeira acima: ela aparece no carrinho do comprador com o nome que você der.',
        caption: 'Promoções, mais recentes primeiro',
      }}
      columns={COLUMNS}
      rows={rows}
      toggle={(p) => ({
        action: pausePromotionAction,
        fields: { promotionId: p.id, pause: p.pausedAt ? '0' : '1' },
        label: p.pausedAt ? `Retomar ${p.name}` : `Pausar ${p.name}`,
      })}
    />
  );
}
