import type { Metadata } from 'next';
import { requireMerchant } from '@/lib/auth';
import { DiscountListPage, type DiscountColumn } from '@/app/(merchant)/dashboard/_components/discount-list-page';
import { formatBRL } from '@balcao/br/money';
import { bpsToPercentText } from '@/lib/payment-settings/pix-discount';
import { listCoupons } from '@/lib/coupons/coupons';
import type { Coupon } from '@/db/schema';
import { toggleCouponAction } from './actions';
import { NewCouponForm } from './new-coupon-form';

export const metadata: Metadata = { title: 'Cupons' };
export const dynamic = 'force-dynamic';

const valueText = (c: Coupon) => (c.kind === 'free_shipping' ? 'Frete grátis' : c.kind === 'percent' ? `${bpsToPercentText(c.value)}%` : formatBRL(c.value));
const isoDateBR = (iso: string) => iso.split('-').reverse().join('/');
function validityText(c: Coupon): string {
  if (c.startsOn && c.endsOn) return `${isoDateBR(c.startsOn)} a ${isoDateBR(c.endsOn)}`;
  if (c.endsOn) return `até ${isoDateBR(c.endsOn)}`;
  if (c.startsOn) return `a partir de ${isoDateBR(c.startsOn)}`;
  return 'Sem prazo';
}

const COLUMNS: DiscountColumn<Coupon>[] = [
  {
    header: 'Código',
    cell: (c) => (
      <>
        <strong>{c.code}</strong>
        {c.onePerDocument ? <span className="small muted"> · um por CPF</span> : null}
      </>
    ),
  },
  { header: 'Desconto', cell: valueText },
  { header: 'Pedido mínimo', cell: (c) => (c.minSubtotalCents > 0 ? formatBRL(c.minSubtotalCents) : '—') },
  { header: 'Validade', cell: validityText },
  { header: 'Usos', num: true, cell: (c) => (c.maxUses === null ? c.usesCount : `${c.usesCount} de ${c.maxUses}`) },
  { header: 'Status', cell: (c) => (c.disabledAt ? <span className="badge badge-canceled">Desativado</span> : <span className="badge badge-paid">Ativo</span>) },
];

export default async function CouponsPage() {
  const merchant = await requireMerchant('/dashboard/cupons');
  const coupons = await listCoupons();
  return (
    <DiscountListPage
      title="Cupons"
      intro="O cupom vale sobre os produtos (nunca sobre o frete). Com desconto no Pix, o cupom é aplicado primeiro e o desconto do Pix vale sobre o restante. Cada pedido feito com o cupom conta um uso, mesmo que expire sem pagamento."
      role={merchant.role}
      create={{ id: 'novo-cupom', heading: 'Novo cupom', form: <NewCouponForm /> }}
      list={{
        id: 'lista-cupons',
        heading: 'Seus cupons',
        empty: 'Nenhum cupom ainda. Crie o primeiro acima e divulgue o código: o comprador o digita em “Cupom de desconto” ao finalizar a compra.',
        caption: 'Cupons, mais recentes primeiro',
      }}
      columns={COLUMNS}
      rows={coupons}
      toggle={(c) => ({
        action: toggleCouponAction,
        fields: { couponId: c.id, enable: c.disabledAt ? '1' : '0' },
        label: c.disabledAt ? `Ativar ${c.code}` : `Desativar ${c.code}`,
      })}
    />
  );
}
