import { can, refusalMessage, type Permission, type Role } from '@/lib/auth/permissions';

/**
 * Why a role sees a form disabled or a button missing ("Conta de demonstração: não pode
 * alterar produtos nem fotos."); nothing when the role holds the permission. The server
 * refuses the action anyway (lib/auth/merchant-action.ts): this only says so up front.
 */
export function PermissionNote({ role, permission }: { role: Role | null; permission: Permission }) {
  if (can(role, permission)) return null;
  return (
    <p className="card small" role="note" data-testid="permission-note">
      {refusalMessage(role, permission)}
    </p>
  );
}

/**
 * A form (or several) the role may only look at: the note above it, and every control inside
 * disabled by one `<fieldset disabled>` (a disabled fieldset disables the controls of any form
 * inside it), so nothing can be submitted from the page.
 */
export function PermissionGate({ role, permission, children }: { role: Role | null; permission: Permission; children: React.ReactNode }) {
  if (can(role, permission)) return children;
  return (
    <div className="stack">
      <PermissionNote role={role} permission={permission} />
      <fieldset disabled className="plain-fieldset" aria-label={refusalMessage(role, permission)}>
        {children}
      </fieldset>
    </div>
  );
}
