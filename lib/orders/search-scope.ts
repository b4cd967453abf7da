/**
 * What a dashboard search may ask, and how often.
 *
 * Whether an order matches a CPF prefix or a name fragment is itself the buyer's data: a role
 * that sees buyers masked (without `buyers:read`, the public demo's shared login) could read a
 * whole CPF digit by digit from which searches find something. So for such a role the orders
 * search, and the CSV export's filter, take only an order number; anything else is dropped with
 * the reason. And every search and export counts toward a per-user limit (lib/security/rate-limit.ts,
 * bucket 'dashboard-search'), so no role can run such a guessing game at machine speed.
 */
import 'server-only';
import { can, refusalPrefix, type Role } from '@/lib/auth/permissions';
import { hit, type RateDecision } from '@/lib/security';
import type { OrderFilters } from './order-filters';

/** "#1001", "1001", "# 1001": an order number as a masked role may type it. */
const ORDER_NUMBER_ONLY = /^#?\s*([1-9]\d{0,8})$/;

export function numberOnlySearchMessage(role: Role | null): string {
  return `${refusalPrefix(role)}: a busca aceita só o número do pedido (como #1001).`;
}

export const SEARCH_RATE_LIMITED_MESSAGE = 'Muitas buscas em pouco tempo: espere um minuto e tente de novo.';

/**
 * The filters a role may use: whole with `buyers:read`; otherwise `q` only as an order number
 * (normalised to "#1001", which searches that number and nothing of the buyer's), else dropped.
 */
export function scopeSearch(role: Role | null, filters: OrderFilters): { filters: OrderFilters; refused: string | null } {
  if (!filters.q || can(role, 'buyers:read')) return { filters, refused: null };
  const m = ORDER_NUMBER_ONLY.exec(filters.q.trim());
  if (m) return { filters: { ...filters, q: `#${m[1]}` }, refused: null };
  const rest = { ...filters };
  delete rest.q;
  return { filters: rest, refused: numberOnlySearchMessage(role) };
}

/** One search or export by this person. */
export function countSearch(userId: number): Promise<RateDecision> {
  return hit('dashboard-search', String(userId));
}

/**
 * The filters the orders page searches with for this person: `scopeSearch`'s, and the search
 * text dropped when they searched too often. What was dropped is said in `errors`.
 */
export async function searchableFilters(who: { id: number; role: Role | null }, asked: OrderFilters, errors: string[]): Promise<OrderFilters> {
  const { filters, refused } = scopeSearch(who.role, asked);
  if (refused) errors.push(refused);
  if (!filters.q) return filters;
  if ((await countSearch(who.id)).ok) return filters;
  errors.push(SEARCH_RATE_LIMITED_MESSAGE);
  const rest = { ...filters };
  delete rest.q;
  return rest;
}
