/** Test helper: a form as the browser posts it. */

/** FormData holding `values` (a File for a file field). */
export function formData(values: Record<string, string | File>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}
