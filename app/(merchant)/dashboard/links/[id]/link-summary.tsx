import { formatDateBR, formatDateTimeBR } from '@balcao/br/dates';
import { formatBRL } from '@balcao/br/money';
import type { LinkWithStats } from '@/lib/links/links';
import { amountText } from '@/lib/links/words';
import { bpsToPercentText } from '@/lib/payment-settings/pix-discount';
import { ActionForm } from '../../_components/action-form';
import { disableLinkAction } from '../actions';
import styles from '../links.module.css';

export const METHODS_LABEL = { both: 'Pix e boleto', pix: 'Só Pix', boleto: 'Só boleto' } as const;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * "Resumo": what the link received, its terms, and "Desativar". `pixDiscountBps`: the shop's Pix
 * discount; `denied`: why this person may not disable it (undefined: they may).
 */
export function LinkSummary({ link, stats, pixDiscountBps, denied }: Pick<LinkWithStats, 'link' | 'stats'> & { pixDiscountBps: number; denied: string | undefined }) {
  return (
    <section className={`card ${styles.facts}`} aria-labelledby="resumo-link">
      <h2 id="resumo-link">Resumo</h2>
      <dl className={styles.stats}>
        <div>
          <dt>Pagamentos recebidos</dt>
          <dd data-testid="link-paid-count">{link.maxPayments === null ? stats.paidCount : `${stats.paidCount} de ${link.maxPayments}`}</dd>
        </div>
        <div>
          <dt>Total recebido</dt>
          <dd data-testid="link-paid-total">{formatBRL(stats.paidCents)}</dd>
        </div>
        <div>
          <dt>Aguardando</dt>
          <dd>{stats.pending}</dd>
        </div>
      </dl>
      <dl className={styles.dl}>
        <Row label="Valor">{amountText(link)}</Row>
        <Row label="Formas">{METHODS_LABEL[link.methods]}</Row>
        {link.methods !== 'boleto' && pixDiscountBps > 0 ? (
          <Row label="Desconto no Pix">{link.pixDiscount ? `Sim (${bpsToPercentText(pixDiscountBps)}%)` : 'Não'}</Row>
        ) : null}
        <Row label="Aceita cupom">{link.allowCoupons ? 'Sim' : 'Não'}</Row>
        <Row label="Validade">{link.expiresOn ? `Até ${formatDateBR(link.expiresOn)}` : 'Não expira'}</Row>
        <Row label="Limite">
          {link.maxPayments === null ? 'Sem limite' : link.maxPayments === 1 ? '1 pagamento (cobrança única)' : `${link.maxPayments} pagamentos`}
        </Row>
        {link.description ? <Row label="Descrição">{link.description}</Row> : null}
        {link.disabledAt ? <Row label="Desativado em">{formatDateTimeBR(link.disabledAt)}</Row> : null}
      </dl>
      {link.maxPayments !== null ? (
        <p className="small muted">
          Um pagamento em aberto reserva a sua vaga pelo tempo da reserva de estoque (Configurações), até ser pago ou expirar; cancelar a
          cobrança na página do pedido libera a vaga na hora. Se ele for pago depois da reserva e as vagas já tiverem sido usadas, o pedido
          aparece marcado como “acima do limite”.
        </p>
      ) : null}
      <ActionForm
        action={disableLinkAction}
        fields={{ linkId: link.id }}
        label="Desativar"
        pendingLabel="Desativando…"
        className="btn btn-ghost"
        available={!link.disabledAt}
        denied={denied}
        confirm={{
          title: 'Desativar este link?',
          body: (
            <>
              <p>Quem abrir o link verá que ele foi desativado, sem nada para pagar. Não dá para reativar: se precisar, crie outro link.</p>
              {stats.pending > 0 ? (
                <p>
                  {stats.pending === 1 ? '1 cobrança já gerada continua válida' : `${stats.pending} cobranças já geradas continuam válidas`}: cancele na
                  página do pedido, se quiser.
                </p>
              ) : null}
            </>
          ),
          confirmLabel: 'Desativar link',
          confirmClassName: 'btn btn-danger',
        }}
      />
    </section>
  );
}
