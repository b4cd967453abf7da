/**
 * The one envelope of every merchant server action (nextjs/saas-starter's
 * `validatedActionWithUser`): a POST can reach an action without going through any page, so
 * each call here
 *   1. checks the session on the server (refused with SESSION_EXPIRED_MESSAGE, nothing runs);
 *   2. checks the role holds `permission` (lib/auth/permissions.ts: a demonstration account
 *      may act on orders but not change the shop; refused in pt-BR, nothing runs);
 *   3. parses the form (a form parser of lib/, or a zod schema) — field errors go back to the
 *      form with what was typed;
 *   4. runs the use-case and returns its outcome; an unexpected error is logged and answered
 *      with UNEXPECTED (or the action's own `onError`), never a 500.
 * A use-case that ends on another page returns `{ redirect }`: the redirect is thrown here,
 * outside the error handling.
 */
import 'server-only';
import { redirect } from 'next/navigation';
import type { z } from 'zod';
import { logger } from '@/lib/server/log';
import { refused, UNEXPECTED, type ActionState } from './action-state';
import { typedValues } from '@/lib/forms/typed-values';
import { can, refusalMessage, type Permission } from './permissions';
import { getMerchantOrNull, SESSION_EXPIRED_MESSAGE, type Merchant } from './session';
import { mustEnrollTwoFactor } from './two-factor';
import { withAfterPass } from '@/lib/server/after-pass';

/** What a form parser of lib/ answers (settings-form, product-form, link-form…). */
export type ParseResult<T> =
  | { ok: true; value: T }
  | { ok: false; fieldErrors: Record<string, string>; values?: Record<string, string>; error?: string };
export type FormParser<T> = (form: FormData) => ParseResult<T>;

export type ActionContext = { merchant: Merchant; form: FormData };
export type ActionOutcome = ActionState | { redirect: string };

export type MerchantActionSpec<T> = {
  /** For the log line of an unexpected error. */
  name: string;
  permission: Permission;
  /** Omitted: the action reads the form itself (`input` is the FormData). */
  parse?: FormParser<T> | z.ZodType<T>;
  /** The answer to an unexpected error (default: UNEXPECTED). */
  onError?: (error: unknown, form: FormData) => ActionState;
};

export const INVALID_FORM = 'Confira os campos destacados.';
/** The Dono requires two-step sign-in of this role, and this person has not enabled it yet. */
export const TWO_FACTOR_FIRST = 'Ative a verificação em duas etapas em Minha conta para continuar.';

function isZod<T>(parse: FormParser<T> | z.ZodType<T>): parse is z.ZodType<T> {
  return typeof (parse as z.ZodType<T>).safeParse === 'function';
}

function parseWith<T>(parse: FormParser<T> | z.ZodType<T>, form: FormData): ParseResult<T> {
  if (!isZod(parse)) return parse(form);
  const result = parse.safeParse(typedValues(form));
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, fieldErrors, values: typedValues(form) };
}

/** next/navigation's redirect() and notFound() are thrown errors that must reach Next. */
function isNavigation(error: unknown): boolean {
  const digest = typeof error === 'object' && error !== null ? (error as { digest?: unknown }).digest : undefined;
  return typeof digest === 'string' && /^NEXT_(REDIRECT|HTTP_ERROR_FALLBACK|NOT_FOUND)/.test(digest);
}

/** `S`: an action whose answer carries more than a message (the batch upload's report). */
export function merchantAction<T = FormData, S extends ActionState = ActionState>(
  spec: MerchantActionSpec<T>,
  run: (input: T, ctx: ActionContext) => Promise<ActionOutcome | S>,
): (prev: ActionState | S, form: FormData) => Promise<ActionState | S> {
  return async (_prev, form) => {
    const merchant = await getMerchantOrNull();
    if (!merchant) return refused(SESSION_EXPIRED_MESSAGE);
    if (!can(merchant.role, spec.permission)) {
      logger().warn({ actor: merchant.id, role: merchant.role, permission: spec.permission, action: spec.name }, 'merchant action refused by role');
      return refused(refusalMessage(merchant.role, spec.permission));
    }
    if (spec.permission !== 'account:edit' && (await mustEnrollTwoFactor(merchant))) return refused(TWO_FACTOR_FIRST);
    let outcome: ActionOutcome | S;
    try {
      let input = form as T;
      if (spec.parse) {
        const parsed = parseWith(spec.parse, form);
        if (!parsed.ok) return refused(parsed.error ?? INVALID_FORM, parsed.fieldErrors, parsed.values);
        input = parsed.value;
      }
      // What the action wrote to the outbox (e-mails, webhooks) is sent right after the response.
      outcome = await withAfterPass(() => run(input, { merchant, form }));
    } catch (error) {
      if (isNavigation(error)) throw error;
      logger().error({ err: error, actor: merchant.id, action: spec.name }, 'merchant action failed');
      return spec.onError ? spec.onError(error, form) : refused(UNEXPECTED);
    }
    if (outcome && 'redirect' in outcome) redirect(outcome.redirect);
    return outcome;
  };
}

/** A route handler's answer in plain text (its refusals and errors), never cached; `headers` adds to them (Retry-After). */
export function plainTextResponse(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(`${body}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });
}

/**
 * The answer of a merchant route handler that `merchantFor` refused: a browser without a session
 * (it asks for HTML) goes to the sign-in page and back to `callbackPath`; anything else gets the
 * status and the reason in plain text.
 */
export function routeRefusal(request: Request, refusal: { status: 401 | 403; error: string }, callbackPath: string): Response {
  if (refusal.status === 401 && (request.headers.get('accept') ?? '').includes('text/html')) {
    const login = new URL('/login', request.url);
    login.searchParams.set('callbackUrl', callbackPath);
    return Response.redirect(login, 303);
  }
  return plainTextResponse(refusal.status, refusal.status === 401 ? 'Sessão expirada: entre novamente.' : refusal.error);
}

/** For merchant route handlers (CSV, photo upload, QR, mail catcher): the merchant, or why not. */
export async function merchantFor(permission: Permission): Promise<{ ok: true; merchant: Merchant } | { ok: false; status: 401 | 403; error: string }> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return { ok: false, status: 401, error: SESSION_EXPIRED_MESSAGE };
  if (!can(merchant.role, permission)) return { ok: false, status: 403, error: refusalMessage(merchant.role, permission) };
  if (await mustEnrollTwoFactor(merchant)) return { ok: false, status: 403, error: TWO_FACTOR_FIRST };
  return { ok: true, merchant };
}
