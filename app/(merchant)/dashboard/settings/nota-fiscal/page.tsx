import type { Metadata } from 'next';
import { requireMerchant } from '@/lib/auth';
import { can, refusalMessage } from '@/lib/auth/permissions';
import { invoiceSettingsView, naturesOrProblem } from '@/lib/nfe';
import { ActionForm } from '@/app/(merchant)/dashboard/_components/action-form';
import { SettingsTabs } from '../settings-tabs';
import { connectBlingAction, disconnectBlingAction } from './actions';
import { InvoiceSettingsForm } from './invoice-settings-form';

export const metadata: Metadata = { title: 'Nota fiscal · Configurações' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<{ conectado?: string; erro?: string }> };

/** Configurações → Nota fiscal: the Bling connection (OAuth), then how NF-e are issued. */
export default async function InvoiceSettingsPage({ searchParams }: Props) {
  const { role } = await requireMerchant('/dashboard/settings/nota-fiscal');
  const { conectado, erro } = await searchParams;
  const view = await invoiceSettingsView();
  const denied = can(role, 'invoices:manage') ? undefined : refusalMessage(role, 'invoices:manage');
  const list = view.connected ? await naturesOrProblem() : null;
  return (
    <div className="stack">
      <h1>Configurações</h1>
      <SettingsTabs current="invoices" />
      <h2>Nota fiscal</h2>
      <p className="muted">O Balcão emite a NF-e (modelo 55) de cada pedido pago pelo seu Bling: a chave de acesso, o DANFE e o XML ficam no pedido e o comprador recebe o DANFE.</p>
      {conectado ? (
        <p className="alert alert-success" role="status">
          Conectado ao Bling.
        </p>
      ) : null}
      {erro ? (
        <p className="alert alert-error" role="alert">
          {erro}
        </p>
      ) : null}
      <section className="card stack" aria-labelledby="bling-connection">
        <h3 id="bling-connection">Bling</h3>
        {view.connected ? (
          <>
            <p>
              <strong>Conectado ao Bling</strong>
              {view.embedded ? ' (Bling de demonstração: as notas não têm valor fiscal)' : ''}
            </p>
            <ActionForm action={disconnectBlingAction} label="Desconectar" pendingLabel="Desconectando…" denied={denied} confirm={{ title: 'Desconectar o Bling?', body: 'Novas NF-e não serão emitidas até você conectar de novo. As notas já emitidas continuam nos pedidos.', confirmLabel: 'Desconectar' }} />
          </>
        ) : view.available ? (
          <>
            <p>Conecte a conta Bling da loja: você autoriza o Balcão no próprio Bling e volta para cá.</p>
            <ActionForm action={connectBlingAction} label="Conectar ao Bling" pendingLabel="Abrindo o Bling…" className="btn btn-primary" denied={denied} />
          </>
        ) : (
          <p>O aplicativo do Bling não está configurado neste servidor: defina BLING_CLIENT_ID e BLING_CLIENT_SECRET (veja a referência).</p>
        )}
      </section>
      {view.connected && list ? (
        'problem' in list ? (
          <p className="alert alert-error" role="alert">
            {list.problem}
          </p>
        ) : denied ? (
          <p className="card small">
            Natureza de operação: {view.natureName ?? '—'} · Emissão automática: {view.autoEmit ? 'sim' : 'não'}
          </p>
        ) : (
          <InvoiceSettingsForm natures={list.natures.map((n) => ({ id: n.id, descricao: n.descricao }))} initial={{ natureId: view.natureId, autoEmit: view.autoEmit }} />
        )
      ) : null}
    </div>
  );
}
