/**
 * What a merchant's server action returns to its form (useActionState), and the two ways to
 * make one. Browser-safe: the forms import the type.
 */
export type ActionState =
  | { ok: true; message: string; at: number }
  | {
      ok: false;
      error: string;
      fieldErrors?: Record<string, string>;
      /** What was typed, so that the form shows it again next to its errors. */
      values?: Record<string, string>;
      at: number;
    }
  | null;

/** `at` makes two equal answers in a row differ, so the form announces the second one too. */
export function refused(error: string, fieldErrors?: Record<string, string>, values?: Record<string, string>): ActionState {
  return { ok: false, error, fieldErrors, values, at: Date.now() };
}

export function done(message: string): ActionState {
  return { ok: true, message, at: Date.now() };
}

/**
 * What was typed in `fields` of a form (FormData, or an object of fields), as strings: a missing
 * or file field is "", each cut at `maxLength`. The values a refused form shows again.
 */
export function typedValues<F extends string>(form: { get(name: string): unknown } | Record<string, unknown>, fields: readonly F[], maxLength: number): Record<F, string> {
  const get = typeof form.get === 'function' ? (name: string) => (form as { get(name: string): unknown }).get(name) : (name: string) => (form as Record<string, unknown>)[name];
  return Object.fromEntries(
    fields.map((f) => {
      const v = get(f);
      return [f, typeof v === 'string' ? v.slice(0, maxLength) : ''];
    }),
  ) as Record<F, string>;
}

export const UNEXPECTED = 'Algo deu errado do nosso lado. Atualize a página e tente novamente.';
