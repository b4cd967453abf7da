import type { ReactNode } from 'react';
import { can, refusalMessage, type Role } from '@/lib/auth/permissions';
import type { ActionState } from '@/lib/auth';
import { ActionForm } from './action-form';
import { PermissionGate } from './permission-note';

type Section = { id: string; heading: string };
export type DiscountColumn<R> = { header: string; num?: boolean; cell: (row: R) => ReactNode };

/**
 * The page of a kind of discount (Cupons, Promoções): what it is, the form that creates one
 * (disabled with the reason for a role that may not), and the list, newest first, each row with
 * its on/off switch. Both live under the permission `coupons:edit`.
 */
export function DiscountListPage<R extends { id: string }>({
  title,
  intro,
  role,
  create,
  list,
  columns,
  rows,
  toggle,
}: {
  title: string;
  intro: ReactNode;
  role: Role | null;
  create: Section & { form: ReactNode };
  list: Section & { empty: string; caption: string };
  columns: DiscountColumn<R>[];
  rows: R[];
  toggle: (row: R) => { action: (prev: ActionState, form: FormData) => Promise<ActionState>; fields: Record<string, string>; label: string };
}) {
  const denied = can(role, 'coupons:edit') ? undefined : refusalMessage(role, 'coupons:edit');
  return (
    <div className="stack">
      <h1>{title}</h1>
      <p className="muted">{intro}</p>
      <section aria-labelledby={create.id} className="stack">
        <h2 id={create.id}>{create.heading}</h2>
        <PermissionGate role={role} permission="coupons:edit">
          {create.form}
        </PermissionGate>
      </section>
      <section aria-labelledby={list.id} className="stack">
        <h2 id={list.id}>{list.heading}</h2>
        {rows.length === 0 ? (
          <p className="muted">{list.empty}</p>
        ) : (
          <div className="table-wrap card">
            <table className="table">
              <caption className="visually-hidden">{list.caption}</caption>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.header} scope="col" className={c.num ? 'num' : undefined}>
                      {c.header}
                    </th>
                  ))}
                  <th scope="col">
                    <span className="visually-hidden">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    {columns.map((c) => (
                      <td key={c.header} className={c.num ? 'num' : undefined}>
                        {c.cell(row)}
                      </td>
                    ))}
                    <td>
                      <ActionForm {...toggle(row)} pendingLabel="Salvando…" className="btn btn-ghost" denied={denied} />
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
