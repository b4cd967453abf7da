/**
 * The dashboard's sections, in one list for the desk sidebar, the phone's bottom bar and its
 * "Mais" page, so that a new section shows up in all three. Browser-safe.
 */
import { can, type Permission, type Role } from '@/lib/auth/permissions';

export type NavSection = { href: string; label: string; exact?: boolean };

export const SECTIONS: readonly NavSection[] = [
  { href: '/dashboard', label: 'Visão geral', exact: true },
  { href: '/dashboard/orders', label: 'Pedidos' },
  { href: '/dashboard/produtos', label: 'Produtos' },
  { href: '/dashboard/links', label: 'Links' },
  { href: '/dashboard/assinaturas', label: 'Assinaturas' },
  { href: '/dashboard/cupons', label: 'Cupons' },
  { href: '/dashboard/promocoes', label: 'Promoções' },
  { href: '/dashboard/avaliacoes', label: 'Avaliações' },
  { href: '/dashboard/carrinhos-abandonados', label: 'Carrinhos abandonados' },
  { href: '/dashboard/settings', label: 'Configurações' },
  { href: '/dashboard/conta', label: 'Minha conta' },
  { href: '/dashboard/ajuda', label: 'Ajuda' },
];

/** The phone's bottom bar: the three places a shopkeeper opens every day, then "Mais". */
export const BOTTOM_BAR = [
  { href: '/dashboard', label: 'Início', exact: true, icon: 'home' },
  { href: '/dashboard/orders', label: 'Pedidos', icon: 'orders' },
  { href: '/dashboard/produtos', label: 'Produtos', icon: 'products' },
  { href: '/dashboard/mais', label: 'Mais', icon: 'more' },
] as const;

/** Configurações' pages, listed on "Mais" too: each is two taps from anywhere on a phone. */
export const SETTINGS_PAGES: readonly { key: SettingsPageKey; href: string; label: string; needs?: Permission }[] = [
  { key: 'shop', href: '/dashboard/settings/loja', label: 'Loja' },
  { key: 'payment', href: '/dashboard/settings', label: 'Pagamento' },
  { key: 'shipping', href: '/dashboard/settings/shipping', label: 'Entrega' },
  { key: 'invoices', href: '/dashboard/settings/nota-fiscal', label: 'Nota fiscal' },
  { key: 'emails', href: '/dashboard/settings/emails', label: 'E-mails e avisos' },
  { key: 'abandoned', href: '/dashboard/settings/carrinhos-abandonados', label: 'Carrinhos abandonados' },
  { key: 'reviews', href: '/dashboard/settings/avaliacoes', label: 'Avaliações' },
  { key: 'subscriptions', href: '/dashboard/settings/assinaturas', label: 'Assinaturas' },
  { key: 'channels', href: '/dashboard/settings/canais-de-venda', label: 'Canais de venda' },
  { key: 'team', href: '/dashboard/settings/equipe', label: 'Equipe' },
  // An endpoint's URL may carry a secret token: only who manages the integrations sees them.
  { key: 'integrations', href: '/dashboard/settings/integracoes', label: 'Integrações', needs: 'integrations:manage' },
  // The access token and the webhook's verify token: only who manages the integrations.
  { key: 'whatsapp', href: '/dashboard/settings/whatsapp', label: 'WhatsApp', needs: 'integrations:manage' },
  { key: 'buyers', href: '/dashboard/settings/comprador', label: 'Dados do comprador' },
  { key: 'activity', href: '/dashboard/settings/atividade', label: 'Atividade' },
];

/** Where each settings page is explained in the merchant's guide (/dashboard/ajuda, docs/guia-do-lojista.md). */
export const GUIDE_SECTION: Readonly<Record<SettingsPageKey, string>> = {
  shop: 'configurar-a-loja',
  payment: 'configurar-a-loja',
  shipping: 'configurar-a-loja',
  invoices: 'configurar-a-loja',
  emails: 'acompanhar-um-pedido',
  abandoned: 'recuperar-carrinhos',
  reviews: 'avaliacoes-dos-compradores',
  subscriptions: 'vender-por-assinatura',
  channels: 'vender-no-google-e-no-instagram-feeds',
  team: 'equipe-e-verificacao-em-duas-etapas',
  integrations: 'vender-por-link-e-pelo-instagram',
  whatsapp: 'acompanhar-um-pedido',
  buyers: 'pedido-de-dados-do-comprador-lgpd',
  activity: 'equipe-e-verificacao-em-duas-etapas',
};

export type SettingsPageKey = 'shop' | 'payment' | 'shipping' | 'invoices' | 'emails' | 'abandoned' | 'reviews' | 'subscriptions' | 'channels' | 'team' | 'integrations' | 'whatsapp' | 'buyers' | 'activity';

/** The settings pages a role is shown (a page the role may only read stays; one it may not see at all goes). */
export function settingsPagesFor(role: Role | null): readonly { key: SettingsPageKey; href: string; label: string }[] {
  return SETTINGS_PAGES.filter((p) => !p.needs || can(role, p.needs));
}

export function isCurrent(pathname: string, s: { href: string; exact?: boolean }): boolean {
  return s.exact ? pathname === s.href : pathname === s.href || pathname.startsWith(`${s.href}/`);
}

/** The bottom bar's item for a path: a section outside the first three lights "Mais". */
export function bottomBarCurrent(pathname: string): string | null {
  const direct = BOTTOM_BAR.find((b) => b.href !== '/dashboard/mais' && isCurrent(pathname, b));
  if (direct) return direct.href;
  return pathname.startsWith('/dashboard/') ? '/dashboard/mais' : null;
}
