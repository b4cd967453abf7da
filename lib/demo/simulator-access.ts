/**
 * Who may use the sandbox simulator (/sandbox and its actions). In development and tests
 * everyone may (tests drive it). In a public demo (env().publicDemo) the simulator's view of
 * every payment and its global controls (the clock, paying by code, refusing, refunding,
 * redelivering) belong to a signed-in merchant; a visitor may only pay or expire the charge of
 * their own order, reached through the order's unguessable token (/sandbox/pedidos/<token>,
 * linked from the order page). The sandbox itself knows nothing of orders: this module joins
 * the shop's order (its charge id) and the sandbox.
 */
import 'server-only';
import { can } from '@/lib/auth/permissions';
import { getEnrolledMerchantOrNull } from '@/lib/auth';
import { env } from '@/lib/config/env';
import { providerChargeIdByToken } from '@/lib/orders';

/** Everything (development, or a signed-in merchant in a public demo) — or nothing beyond one's own order. */
export async function hasFullSimulatorAccess(): Promise<boolean> {
  if (!env().publicDemo) return true;
  // The demonstration account too: it acts on orders with the sandbox's money, and the
  // simulator masks every payer. The Dono's two-step requirement holds here as on the dashboard.
  const merchant = await getEnrolledMerchantOrNull();
  return merchant !== null && can(merchant.role, 'orders:act');
}

/**
 * Whether this request may pay or expire sandbox charge `chargeId`: with full access, or when
 * `orderToken` names the order that charge was created for.
 */
export async function mayActOnCharge(chargeId: string, orderToken: string | null): Promise<boolean> {
  if (await hasFullSimulatorAccess()) return true;
  if (!orderToken) return false;
  const own = await providerChargeIdByToken(orderToken);
  return own !== null && own.toLowerCase() === chargeId.toLowerCase();
}

/** The sandbox charge of an order (for /sandbox/pedidos/<token>), or null for an unknown token or no charge yet. */
export async function chargeOfOrder(orderToken: string): Promise<string | null> {
  return providerChargeIdByToken(orderToken);
}

/**
 * Whether this request may read a sandbox boleto's payer whole (its PDF): always outside a
 * public demo; in one, a signed-in merchant with `buyers:read` (two-step sign-in enabled when
 * required), or the shopper holding the token of the order this boleto was made for. Anyone
 * else gets the payer masked: the charge id is not a secret (the simulator and the masked
 * order page show it).
 */
export async function mayReadBoletoPayer(chargeId: string, orderToken: string | null): Promise<boolean> {
  if (!env().publicDemo) return true;
  if (await mayReadPayers()) return true;
  if (!orderToken) return false;
  const own = await providerChargeIdByToken(orderToken);
  return own !== null && own.toLowerCase() === chargeId.toLowerCase();
}

/** Whether the signed-in person sees payers whole (and so gets links to boleto PDFs): as for buyers (`buyers:read`). */
export async function mayReadPayers(): Promise<boolean> {
  if (!env().publicDemo) return true;
  const merchant = await getEnrolledMerchantOrNull();
  return merchant !== null && can(merchant.role, 'buyers:read');
}

/**
 * The shopper's link to their boleto's PDF: on the embedded sandbox of a public demo it carries
 * the order's token (`?pedido=`), the capability that shows the payer whole; any other
 * provider's URL is left as it is.
 */
export function boletoPdfHref(pdfUrl: string, orderToken: string): string {
  if (!env().publicDemo) return pdfUrl;
  let url: URL;
  try {
    url = new URL(pdfUrl, env().appUrl);
  } catch {
    return pdfUrl;
  }
  if (url.origin !== new URL(env().appUrl).origin || !url.pathname.startsWith('/sandbox/invoice/boleto/pdf/')) return pdfUrl;
  url.searchParams.set('pedido', orderToken);
  return url.toString();
}
