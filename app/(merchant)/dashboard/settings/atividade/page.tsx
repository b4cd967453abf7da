import type { Metadata } from 'next';
import { requireMerchant } from '@/lib/auth';
import { can } from '@/lib/auth/permissions';
import { ACTIVITY_ACTIONS, activityActors, listActivity, type ActivityAction } from '@/lib/security';
import { addDays, formatDateTimeBR, isIsoDate, startOfSaoPauloDay } from '@balcao/br/dates';
import { PermissionNote } from '@/app/(merchant)/dashboard/_components/permission-note';
import { SettingsTabs } from '../settings-tabs';

export const metadata: Metadata = { title: 'Atividade · Configurações' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : (v ?? ''));

export default async function ActivityPage({ searchParams }: Props) {
  const merchant = await requireMerchant('/dashboard/settings/atividade');
  const params = await searchParams;
  const who = first(params.quem).slice(0, 254);
  const what = first(params.oque);
  const from = first(params.de);
  const to = first(params.ate);
  const action = what in ACTIVITY_ACTIONS ? (what as ActivityAction) : undefined;
  const allowed = can(merchant.role, 'activity:view');
  // The period is São Paulo days: "de" from the start of its day, "até" to the end of its day.
  const rows = allowed
    ? await listActivity(
        {
          actorEmail: who || undefined,
          action,
          from: isIsoDate(from) ? startOfSaoPauloDay(from).toISOString() : undefined,
          to: isIsoDate(to) ? startOfSaoPauloDay(addDays(to, 1)).toISOString() : undefined,
        },
        { limit: 200 },
      )
    : [];
  const actors = allowed ? await activityActors() : [];
  return (
    <div className="stack">
      <h1>Configurações</h1>
      <SettingsTabs current="activity" />
      {!allowed ? (
        <PermissionNote role={merchant.role} permission="activity:view" />
      ) : (
        <>
          <p className="muted">Quem fez o quê, quando e de qual endereço. Guardado por um ano; ninguém altera nem apaga.</p>
          <form method="get" className="card form-grid" aria-label="Filtrar atividade">
            <div className="field">
              <label htmlFor="quem">Quem</label>
              <select id="quem" name="quem" defaultValue={who}>
                <option value="">Todos</option>
                {actors.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="oque">O quê</label>
              <select id="oque" name="oque" defaultValue={action ?? ''}>
                <option value="">Tudo</option>
                {Object.entries(ACTIVITY_ACTIONS).map(([k, label]) => (
                  <option key={k} value={k}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="de">De</label>
              <input id="de" name="de" type="date" defaultValue={isIsoDate(from) ? from : ''} />
            </div>
            <div className="field">
              <label htmlFor="ate">Até</label>
              <input id="ate" name="ate" type="date" defaultValue={isIsoDate(to) ? to : ''} />
            </div>
            <div>
              <button type="submit" className="btn btn-secondary">
                Filtrar
              </button>
            </div>
          </form>
          {rows.length === 0 ? (
            <p className="muted">Nenhuma atividade com esses filtros.</p>
          ) : (
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Atividade, mais recente primeiro">
              <table data-testid="activity-table">
                <caption className="visually-hidden">Atividade, mais recente primeiro</caption>
                <thead>
                  <tr>
                    <th scope="col">Quando</th>
                    <th scope="col">Quem</th>
                    <th scope="col">O quê</th>
                    <th scope="col">Detalhe</th>
                    <th scope="col">Endereço</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id}>
                      <td>{formatDateTimeBR(r.at)}</td>
                      <td>{r.actorEmail || '—'}</td>
                      <td>{ACTIVITY_ACTIONS[r.action as ActivityAction] ?? r.action}</td>
                      <td>{r.summary}</td>
                      <td>{r.ip ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
