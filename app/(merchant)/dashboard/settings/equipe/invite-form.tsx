'use client';

import { useActionState } from 'react';
import { ActionResult } from '@/app/(merchant)/dashboard/_components/action-result';
import { describedBy, FieldNotes } from '../field-notes';
import { inviteMemberAction } from './actions';

const ROLES = [
  { value: 'attendant', label: 'Atendente' },
  { value: 'manager', label: 'Gerente' },
  { value: 'owner', label: 'Dono' },
];

export function InviteForm() {
  const [state, action, pending] = useActionState(inviteMemberAction, null);
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  const typed = state && !state.ok ? state.values : undefined;
  return (
    <form action={action} className="form-grid" noValidate>
      <div className="field">
        <label htmlFor="invite-email">E-mail</label>
        <input
          id="invite-email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="off"
          required
          defaultValue={typed?.email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('invite-email', { hint: false, error: errors.email })}
        />
        <FieldNotes name="invite-email" error={errors.email} />
      </div>
      <div className="field">
        <label htmlFor="invite-role">Papel</label>
        <select
          id="invite-role"
          name="role"
          defaultValue={typed?.role ?? 'attendant'}
          aria-invalid={errors.role ? true : undefined}
          aria-describedby={describedBy('invite-role', { error: errors.role })}
        >
          {ROLES.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
        <FieldNotes name="invite-role" hint="Atendente: pedidos, produtos e envios. Gerente: tudo, menos equipe e pagamentos. Dono: tudo." error={errors.role} />
      </div>
      <div>
        <button type="submit" className="btn" disabled={pending} aria-disabled={pending}>
          {pending ? 'Convidando…' : 'Convidar pessoa'}
        </button>
      </div>
      <ActionResult state={state} />
    </form>
  );
}
