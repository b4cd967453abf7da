import type { Metadata } from 'next';
import { requireMerchant } from '@/lib/auth/session';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { ActionForm } from '@/app/(merchant)/dashboard/_components/action-form';
import { formatBRL } from '@balcao/br/money';
import { formatDateTimeBR } from '@balcao/br/dates';
import { listPromotions, promotionScopeChoices, type PromotionRow } from '@/lib/promotions/admin';
import { STATUS_LABELS, TYPE_LABELS } from '@/lib/promotions/rules';
import { pausePromotionAction } from './actions';
import { NewPromotionForm } from './new-promotion-form';

export const metadata: Metadata = { title: 'Promoções' };
export const dynamic = 'force-dynamic';

const BADGE = { active: 'badge-paid', scheduled: 'badge-pending', paused: 'badge-canceled', ended: 'badge-expired' } as const;

function periodText(p: PromotionRow): string {
  if (p.startsAt && p.endsAt) return `${formatDateTimeBR(p.startsAt)} a ${formatDateTimeBR(p.endsAt)}`;
  if (p.endsAt) return `até ${formatDateTimeBR(p.endsAt)}`;
  if (p.startsAt) return `a partir de ${formatDateTimeBR(p.startsAt)}`;
  return 'Sem prazo';
}

export default async function PromotionsPage() {
  const merchant = await requireMerchant('/dashboard/promocoes');
  const [rows, choices] = await Promise.all([listPromotions(), promotionScopeChoices()]);
  const denied = can(merchant.role, 'coupons:edit') ? undefined : refusalMessage(merchant.role, 'coupons:edit');
  return (
    <div className="stack">
      <h1>Promoções</h1>
      <p className="muted">
        Promoções valem sozinhas, sem código. Cada item recebe a promoção que mais desconta nele; depois vale o cupom, e o desconto do Pix sobre o
        restante. O frete grátis é decidido à parte.
      </p>
      <section aria-labelledby="nova-promocao" className="stack">
        <h2 id="nova-promocao">Nova promoção</h2>
        <PermissionGate role={merchant.role} permission="coupons:edit">
          <NewPromotionForm categories={choices.categories} products={choices.products} />
        </PermissionGate>
      </section>
      <section aria-labelledby="lista-promocoes" className="stack">
        <h2 id="lista-promocoes">Suas promoções</h2>
        {rows.length === 0 ? (
          <p className="muted">Nenhuma promoção ainda. Crie a primeira acima: ela aparece no carrinho do comprador com o nome que você der.</p>
        ) : (
          <div className="table-wrap card">
            <table className="table">
              <caption className="visually-hidden">Promoções, mais recentes primeiro</caption>
              <thead>
                <tr>
                  <th scope="col">Nome</th>
                  <th scope="col">Tipo</th>
                  <th scope="col">Período</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">Usos</th>
                  <th scope="col" className="num">Desconto dado</th>
                  <th scope="col">
                    <span className="visually-hidden">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <strong>{p.name}</strong>
                    </td>
                    <td>{TYPE_LABELS[p.type]}</td>
                    <td>{periodText(p)}</td>
                    <td>
                      <span className={`badge ${BADGE[p.status]}`}>{STATUS_LABELS[p.status]}</span>
                    </td>
                    <td className="num">{p.uses}</td>
                    <td className="num">{formatBRL(p.discountCents)}</td>
                    <td>
                      <ActionForm
                        action={pausePromotionAction}
                        fields={{ promotionId: p.id, pause: p.pausedAt ? '0' : '1' }}
                        label={p.pausedAt ? `Retomar ${p.name}` : `Pausar ${p.name}`}
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
