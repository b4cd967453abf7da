/** What the dashboard's server actions return to their forms (useActionState). Browser-safe. */
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
