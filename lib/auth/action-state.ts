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

export const UNEXPECTED = 'Algo deu errado do nosso lado. Atualize a página e tente novamente.';
