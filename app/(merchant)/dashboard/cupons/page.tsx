import type { Metadata } from 'next';
import { requireMerchant } from '@/lib/auth/session';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { ActionForm } from '@/app/(merchant)/dashboard/_components/action-form';
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

export default async function CouponsPage() {
  const merchant = await requireMerchant('/dashboard/cupons');
  const coupons = await listCoupons();
  const denied = can(merchant.role, 'coupons:edit') ? undefined : refusalMessage(merchant.role, 'coupons:edit');
  return (
    <div className="stack">
      <h1>Cupons</h1>
      <p className="muted">
        O cupom vale sobre os produtos (nunca sobre o frete). Com desconto no Pix, o cupom é aplicado primeiro e o desconto do Pix vale sobre o
        restante. Cada pedido feito com o cupom conta um uso, mesmo que expire sem pagamento.
      </p>
      <section aria-labelledby="novo-cupom" className="stack">
        <h2 id="novo-cupom">Novo cupom</h2>
        <PermissionGate role={merchant.role} permission="coupons:edit">
          <NewCouponForm />
        </PermissionGate>
      </section>
      <section aria-labelledby="lista-cupons" className="stack">
        <h2 id="lista-cupons">Seus cupons</h2>
        {coupons.length === 0 ? (
          <p className="muted">Nenhum cupom ainda. Crie o primeiro acima e divulgue o código: o comprador o digita em “Cupom de desconto” ao finalizar a compra.</p>
        ) : (
          <div className="table-wrap card">
            <table className="table">
              <caption className="visually-hidden">Cupons, mais recentes primeiro</caption>
              <thead>
                <tr>
                  <th scope="col">Código</th>
                  <th scope="col">Desconto</th>
                  <th scope="col">Pedido mínimo</th>
                  <th scope="col">Validade</th>
                  <th scope="col" className="num">
                    Usos
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {coupons.map((c) => (
                  <tr key={c.id}>
                    <td>
                      <strong>{c.code}</strong>
                      {c.onePerDocument ? <span className="small muted"> · um por CPF</span> : null}
                    </td>
                    <td>{valueText(c)}</td>
                    <td>{c.minSubtotalCents > 0 ? formatBRL(c.minSubtotalCents) : '—'}</td>
                    <td>{validityText(c)}</td>
                    <td className="num">{c.maxUses === null ? c.usesCount : `${c.usesCount} de ${c.maxUses}`}</td>
                    <td>{c.disabledAt ? <span className="badge badge-canceled">Desativado</span> : <span className="badge badge-paid">Ativo</span>}</td>
                    <td>
                      <ActionForm
                        action={toggleCouponAction}
                        fields={{ couponId: c.id, enable: c.disabledAt ? '1' : '0' }}
                        label={c.disabledAt ? `Ativar ${c.code}` : `Desativar ${c.code}`}
                        pendingLabel="Salvando…"
                        className="btn btn-ghost"
                        denied={denied}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

      </section>
    </div>
  );
}
