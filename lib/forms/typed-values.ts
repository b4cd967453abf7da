/**
 * What was typed in a form, as strings: the text a form reader parses, and the values a refused
 * form shows again next to its errors. Browser-safe and pure.
 */

type FormLike = { get(name: string): unknown } | Record<string, unknown>;

export type TypedValuesOptions = {
  /** Each value is cut at this many characters (a number, or one per field); none by default. */
  maxLength?: number | ((field: string) => number);
  /** Trim each value. */
  trim?: boolean;
};

function reader(form: FormLike): (name: string) => unknown {
  return typeof form.get === 'function'
    ? (name) => (form as { get(name: string): unknown }).get(name)
    : (name) => (form as Record<string, unknown>)[name];
}

function clean(v: unknown, field: string, options: TypedValuesOptions): string {
  if (typeof v !== 'string') return '';
  const text = options.trim ? v.trim() : v;
  const max = typeof options.maxLength === 'function' ? options.maxLength(field) : options.maxLength;
  return max === undefined ? text : text.slice(0, max);
}

/**
 * `fields` of a form (FormData, or an object of fields): a missing or file field is "".
 * Without `fields`, every text entry of a FormData.
 */
export function typedValues<F extends string>(form: FormLike, fields: readonly F[], options?: TypedValuesOptions): Record<F, string>;
export function typedValues(form: FormData, fields?: undefined, options?: TypedValuesOptions): Record<string, string>;
export function typedValues(form: FormLike, fields?: readonly string[], options: TypedValuesOptions = {}): Record<string, string> {
  if (!fields) {
    const entries = [...(form as FormData).entries()].filter((e): e is [string, string] => typeof e[1] === 'string');
    return Object.fromEntries(entries.map(([k, v]) => [k, clean(v, k, options)]));
  }
  const get = reader(form);
  return Object.fromEntries(fields.map((f) => [f, clean(get(f), f, options)]));
}
