/**
 * Who may do what in the dashboard: a role is a row of permissions. Every merchant page, server
 * action (lib/auth/merchant-action.ts) and merchant route handler asks `can(role, permission)`
 * on the server; the pages ask it too, to hide what a role may not use. The table of roles is
 * in docs/reference.md ("Roles"). Browser-safe.
 */

export const PERMISSIONS = [
  /** Every dashboard page, the CSV export, a link's QR code, the mail catcher of a public demo. */
  'dashboard:view',
  /** Buyers' names, documents, e-mails and streets, whole (without it they are masked: @balcao/br/personal-data). */
  'buyers:read',
  /** Buyers' data rights (LGPD): "Anonimizar" a buyer on every order (the export needs `buyers:read`). */
  'buyers:erase',
  /** Cancel, refund (by the provider or manual), reconcile an order; give its stock back. */
  'orders:act',
  /** "Notas internas": write a note on an order (read by everyone who sees the order). */
  'orders:note',
  /** Move an order's fulfilment: ship (one or a batch file), deliver, ready for pickup, picked up, fix tracking. */
  'fulfilment:act',
  /**
   * Ship with any carrier's name and a tracking link template ("https://…/{codigo}"): both reach
   * the buyer by e-mail. Without it (the public demo's shared login) only a known carrier, and
   * the only link is the one the app builds for the Correios.
   */
  'fulfilment:tracking-links',
  /**
   * Buy carrier labels with the shop's real Melhor Envio token (real money). Without it (the
   * public demo's shared login) labels are bought only from the embedded carrier sandbox.
   */
  'fulfilment:real-labels',
  /**
   * Buyers' digital files and access: download a product's file from the dashboard, "Reenviar
   * acesso" (a fresh link mailed to the buyer) and revoke it. Not the public demo's shared login:
   * anyone may sign in with it, and a buyer's purchase is not theirs to take.
   */
  'digital:files',
  /**
   * NF-e through Bling: connect and disconnect (Configurações → Nota fiscal), its settings,
   * "Cancelar NF-e", and the note's XML (it names the buyer). Not the public demo's shared login.
   */
  'invoices:manage',
  /** The balance read from the provider (overview). */
  'balance:view',
  /** The shop itself: Configurações → Loja (name, brand, legal identity, policies) and the e-mails' reply-to. */
  'shop:edit',
  /** Products and their photos. */
  'catalog:edit',
  /** Payment links: create, disable. */
  'links:edit',
  /** Coupons ("Cupons"): create, enable, disable. */
  'coupons:edit',
  /** Shipping settings (Configurações → Entrega). */
  'settings:edit',
  /** Payment settings: boleto terms, Pix expiration and discount, stock reservation (Configurações). */
  'payments:configure',
  /** Configurações → Atividade: the activity log. */
  'activity:view',
  /** "Reenviar e-mail" to a buyer. */
  'emails:resend',
  /** One's own account ("Minha conta"): change one's password, two-step sign-in. Not the public demo's shared login. */
  'account:edit',
  /** The people who may sign in (Configurações → Equipe), ending every session, requiring two-step sign-in. */
  'people:manage',
  /**
   * Configurações → Integrações: API keys and webhook endpoints, to manage and to see at all (an
   * endpoint's URL may carry a secret token): without it the tab is not shown.
   */
  'integrations:manage',
  /** Buyers' reviews (Avaliações): "Publicar", "Ocultar", "Responder", and their settings. */
  'reviews:moderate',
  /**
   * The public demo's tour: a banner says what this login may not do, and the controls it may
   * not use are shown disabled with the reason, where other roles simply do not see them.
   */
  'dashboard:tour',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['owner', 'manager', 'attendant', 'demo'] as const;
export type Role = (typeof ROLES)[number];
/** The roles a person can be invited with ("Demonstração" exists only as a public demo's shared login). */
export const TEAM_ROLES = ['owner', 'manager', 'attendant'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Everything a person of the shop may do: all but the public demo's tour. */
const EVERYTHING = PERMISSIONS.filter((p) => p !== 'dashboard:tour');

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: EVERYTHING,
  // Runs the shop day to day: everything but the people and the payment settings.
  manager: EVERYTHING.filter((p) => p !== 'people:manage' && p !== 'payments:configure'),
  // Serves and ships: sees orders (buyers whole, to ship them) and products, moves fulfilment;
  // sends no money back, cancels nothing, changes nothing, does not see the balance.
  attendant: ['dashboard:view', 'buyers:read', 'orders:note', 'fulfilment:act', 'fulfilment:tracking-links', 'fulfilment:real-labels', 'digital:files', 'account:edit'],
  // A public demo's shared login (docs/deploy.md): anyone may sign in with it, so it sees
  // buyers masked and may only act on orders, with the sandbox's money. Without `account:edit`
  // it has no password to reset and no two-step sign-in to be required of it.
  demo: ['dashboard:view', 'orders:act', 'fulfilment:act', 'balance:view', 'dashboard:tour'],
};

export const ROLE_LABELS: Record<Role, string> = { owner: 'Dono', manager: 'Gerente', attendant: 'Atendente', demo: 'Demonstração' };

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
  'buyers:erase': 'não pode anonimizar compradores.',
  'orders:act': 'não pode cancelar nem reembolsar pedidos.',
  'orders:note': 'não pode escrever notas nos pedidos.',
  'fulfilment:act': 'não pode mudar o envio de pedidos.',
  'fulfilment:tracking-links': 'escolha uma das transportadoras da lista; link de rastreio próprio não é permitido.',
  'fulfilment:real-labels': 'compra etiquetas só no sandbox da transportadora, nunca com o saldo real.',
  'digital:files': 'não pode baixar os arquivos dos compradores nem reenviar ou revogar acessos.',
  'balance:view': 'não pode ver o saldo.',
  'shop:edit': 'não pode alterar a loja.',
  'catalog:edit': 'não pode alterar produtos nem fotos.',
  'links:edit': 'não pode criar nem desativar links.',
  'coupons:edit': 'não pode criar nem desativar cupons.',
  'settings:edit': 'não pode alterar as configurações.',
  'payments:configure': 'não pode alterar as configurações de pagamento.',
  'activity:view': 'não pode ver a atividade.',
  'emails:resend': 'não pode reenviar e-mails.',
  'account:edit': 'não pode alterar a senha nem a verificação em duas etapas.',
  'people:manage': 'não pode gerenciar acessos.',
  'integrations:manage': 'não pode gerenciar integrações.',
  'reviews:moderate': 'não pode publicar, ocultar nem responder avaliações.',
  'invoices:manage': 'não pode conectar o Bling, emitir NF-e em lote, cancelar NF-e nem baixar o XML da nota.',
  'dashboard:tour': 'não vê os controles que não pode usar.',
};

/** "Conta de demonstração: não pode alterar produtos nem fotos." (or, for another role, "Seu acesso não permite: …"). */
export function refusalMessage(role: Role | null | undefined, permission: Permission): string {
  return `${refusalPrefix(role)}: ${REFUSALS[permission]}`;
}

/** Who is refused, as the refusal starts: "Conta de demonstração" or "Seu acesso". */
export function refusalPrefix(role: Role | null | undefined): string {
  return role === 'demo' ? DEMO_ACCOUNT_PREFIX : 'Seu acesso';
}
