/**
 * Caps on what a stranger can make the shop send. Any visitor can place an order with anyone's
 * e-mail address, so the e-mails an unpaid order causes (instructions, reminders, "expirado")
 * are capped per recipient: at most `emailsPerRecipientPerDay` (default 3) in 24 hours. Beyond
 * it the row is still written, as `skipped` with `RECIPIENT_CAP_REASON` (the order works, its
 * timeline and page say the e-mail was not sent and why).
 *
 * The count is a subquery of the outbox's own INSERT … SELECT, which runs inside the writer's
 * transaction (BEGIN IMMEDIATE on both drivers): concurrent checkouts in any number of processes
 * or instances are serialised by the database, so the cap holds without any process memory.
 * Rows the merchant asked for ("Reenviar e-mail", capped per order in resend-instructions.ts)
 * are neither capped nor counted. E-mails of paid orders (confirmation, refund, shipping) are
 * neither, in a shop: a payment is a buyer's own act. In a public demo anyone pays any order
 * with the simulator and its shared login marks it shipped, so there every e-mail to a buyer
 * counts and is capped (`recipientCappedKinds`).
 *
 * An address is counted normalised (`normalisedAddress`): case, a `+tag` and, for the
 * providers that ignore them (Gmail), the dots of the local part do not make a new recipient.
 * Abandoned-checkout reminders have their own budget (the same number a day, counted among
 * `cart_reminder` rows only), so strangers' saved checkouts can never use up the e-mails a
 * real order of that buyer needs.
 */
import { getTableName, sql, type SQL } from 'drizzle-orm';
import { DOTLESS_DOMAINS, emailOutbox, normalisedAddressOfName, normalisedAddressSql, orders, type OutboxKind } from '@/db/schema';
import { env } from '@/lib/config/env';

/** The kinds an unpaid order causes: a stranger's order must not make the shop a relay. */
export const RECIPIENT_CAPPED_KINDS: readonly OutboxKind[] = ['instructions', 'reminder', 'expired', 'cart_reminder'];

/** Every kind a buyer receives (the merchant's alerts, new_sale and late_payment, go to the shop). */
export const BUYER_EMAIL_KINDS: readonly OutboxKind[] = ['instructions', 'paid', 'reminder', 'refunded', 'canceled', 'expired', 'shipped', 'ready_for_pickup', 'delivered', 'cart_reminder', 'review_request'];

/** The kinds capped and counted per recipient: those of unpaid orders; in a public demo, every buyer's e-mail. */
export function recipientCappedKinds(): readonly OutboxKind[] {
  return env().publicDemo ? BUYER_EMAIL_KINDS : RECIPIENT_CAPPED_KINDS;
}

/** The order e-mails' budget: the capped kinds but the abandoned-checkout reminders (their own budget). */
export const orderCappedKinds = (): readonly OutboxKind[] => recipientCappedKinds().filter((k) => k !== 'cart_reminder');
export const REMINDER_KINDS: readonly OutboxKind[] = ['cart_reminder'];

/** The same normalisation in SQLite (db/schema.ts, beside the index that makes the count a search). */
export { normalisedAddressSql };

/** One mailbox however it is spelt: lower case, no `+tag`, no dots where the provider ignores them. */
export function normalisedAddress(address: string): string {
  const a = address.trim().toLowerCase();
  const at = a.lastIndexOf('@');
  if (at < 1) return a;
  let local = a.slice(0, at);
  let domain = a.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS[domain]) {
    domain = DOTLESS_DOMAINS[domain];
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}

export const RECIPIENT_CAP_REASON = 'Limite de e-mails para este endereço atingido (pedidos não pagos)';

/** At most this many "Reenviar e-mail" per order in 24 hours. */
export const RESENDS_PER_ORDER_PER_DAY = 3;

export function emailsPerRecipientPerDay(): number {
  return env().caps.emailsPerRecipientPerDay;
}

/**
 * SQL, evaluated on the order row of the INSERT … SELECT: the order's buyer may still receive
 * one more capped e-mail (fewer than the cap were written to that address, not skipped, in the
 * last 24 hours, by the database's clock like the rows' created_at).
 */
export function underRecipientCap(): SQL {
  return sql`${recipientCapCount(orders.buyerEmail, orderCappedKinds())} < ${emailsPerRecipientPerDay()}`;
}

/**
 * SQL: the e-mails of `kinds` written to `recipient` (an address or a column), normalised, in
 * the last 24 hours. Orders count their own kinds; abandoned-checkout reminders count
 * `REMINDER_KINDS`, their own budget.
 */
export function recipientCapCount(recipient: string | typeof orders.buyerEmail, kinds: readonly OutboxKind[]): SQL<number> {
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  // Part of every unpaid order's e-mail insert: the expressions are text built once (db/schema.ts).
  const wanted = typeof recipient === 'string' ? sql`${normalisedAddress(recipient)}` : normalisedAddressOfName(`"${getTableName(orders)}"."${recipient.name}"`);
  return sql`(select count(*) from ${emailOutbox} as capped
    where ${normalisedAddressOfName('capped.recipient')} = ${wanted}
      and capped.kind in (${kindList})
      and capped.status <> 'skipped'
      and capped.dedupe_key not like '%:resend:%'
      and capped.created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day'))`;
}
