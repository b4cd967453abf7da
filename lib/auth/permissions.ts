/**
 * Who may do what in the dashboard: a role is a row of permissions. Every merchant page, server
 * action (lib/auth/merchant-action.ts) and merchant route handler asks `can(role, permission)`
 * on the server; the pages ask it too, to hide or disable what a role may not use. The accounts
 * issue adds roles ("Dono", "Gerente", "Atendente") as more rows of this table. Browser-safe.
 */

export const PERMISSIONS = [
  /** Every dashboard page, the CSV export, a link's QR code, the mail catcher of a public demo. */
  'dashboard:view',
  /** Buyers' names, documents, e-mails and streets, whole (without it they are masked: @balcao/br/personal-data). */
  'buyers:read',
  /** Cancel, refund, reconcile an order; give its stock back. */
  'orders:act',
  /** The shop itself: Configurações → Loja (name, brand, legal identity, policies) and the e-mails' reply-to. */
  'shop:edit',
  /** Products and their photos. */
  'catalog:edit',
  /** Payment links: create, disable. */
  'links:edit',
  /** Payment and shipping settings. */
  'settings:edit',
  /** "Reenviar e-mail" to a buyer. */
  'emails:resend',
  /** The people who may sign in, and ending every session. */
  'people:manage',
  /** Configurações → Integrações: API keys and webhook endpoints. */
  'integrations:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['owner', 'demo'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  // A public demo's shared login (docs/deploy.md): anyone may sign in with it, so it sees
  // buyers masked and may only act on orders, with the sandbox's money.
  demo: ['dashboard:view', 'orders:act'],
};

export const ROLE_LABELS: Record<Role, string> = { owner: 'Dono', demo: 'Demonstração' };

/** A role read from the database; anything unknown gets no permission at all. */
export function roleOf(value: unknown): Role | null {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value) ? (value as Role) : null;
}

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && ROLE_PERMISSIONS[role].includes(permission);
}

/** The words a refused or disabled control shows (pt-BR, starting with who is signed in). */
export const DEMO_ACCOUNT_PREFIX = 'Conta de demonstração';
const REFUSALS: Record<Permission, string> = {
  'dashboard:view': 'não pode ver o painel.',
  'buyers:read': 'os dados dos compradores aparecem mascarados.',
  'orders:act': 'não pode agir sobre pedidos.',
  'shop:edit': 'não pode alterar a loja.',
  'catalog:edit': 'não pode alterar produtos nem fotos.',
  'links:edit': 'não pode criar nem desativar links.',
  'settings:edit': 'não pode alterar as configurações.',
  'emails:resend': 'não pode reenviar e-mails.',
  'people:manage': 'não pode gerenciar acessos.',
  'integrations:manage': 'não pode gerenciar integrações.',
};

/** "Conta de demonstração: não pode alterar produtos nem fotos." (or, for another role, "Seu acesso não permite: …"). */
export function refusalMessage(role: Role | null | undefined, permission: Permission): string {
  return `${role === 'demo' ? DEMO_ACCOUNT_PREFIX : 'Seu acesso'}: ${REFUSALS[permission]}`;
}
