/**
 * What the coupons' and the promotions' actions share: both are discounts under the one
 * permission `coupons:edit`, created from a form of lib/ and switched on or off from their list.
 * Not a 'use server' file: these make actions, they are not actions a browser may call.
 */
import { revalidatePath } from 'next/cache';
import { done, refused, UNEXPECTED, merchantAction, type FormParser } from '@/lib/auth';
import type { Merchant } from '@/lib/auth';

type Created = { ok: true; message: string } | { ok: false; field: string; error: string };

/** "Criar": the form parsed by lib/, the use-case's refusal next to its field, what was typed kept on any refusal. */
export function createDiscountAction<T>(spec: {
  name: string;
  parse: FormParser<T>;
  values: (form: FormData) => Record<string, string>;
  /** The list page to refresh. */
  path: string;
  create: (value: T, merchant: Merchant) => Promise<Created>;
}) {
  return merchantAction(
    {
      name: spec.name,
      permission: 'coupons:edit',
      parse: spec.parse,
      onError: (_error, form) => refused(UNEXPECTED, undefined, spec.values(form)),
    },
    async (value, { merchant, form }) => {
      const r = await spec.create(value, merchant);
      if (!r.ok) return refused(r.error, { [r.field]: r.error }, spec.values(form));
      revalidatePath(spec.path);
      return done(r.message);
    },
  );
}

/**
 * A row's switch in the list (a coupon's "Ativar"/"Desativar", a promotion's "Pausar"/"Retomar"):
 * the form names the row in `idField` and the way in `flagField` ("1" or not).
 */
export function switchDiscountAction<R>(spec: {
  name: string;
  idField: string;
  flagField: string;
  path: string;
  notFound: string;
  set: (id: string, flag: boolean, merchant: Merchant) => Promise<R | undefined>;
  message: (row: R, flag: boolean) => string;
}) {
  return merchantAction({ name: spec.name, permission: 'coupons:edit' }, async (form: FormData, { merchant }) => {
    const id = String(form.get(spec.idField) ?? '').trim();
    const flag = form.get(spec.flagField) === '1';
    const row = await spec.set(id, flag, merchant);
    if (!row) return refused(spec.notFound);
    revalidatePath(spec.path);
    return done(spec.message(row, flag));
  });
}
