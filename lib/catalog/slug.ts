/**
 * Product slugs (/products/<slug>): lower-case ASCII letters, digits and single hyphens,
 * made from the name with accents folded ("Café & Pão" → "cafe-pao"). Pure.
 */

export const SLUG_MAX = 100;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A name (or a typed slug) → a slug; '' when nothing usable is left. */
export function slugify(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // combining marks: the accents
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/ø/gi, 'o')
    .toLowerCase();
  const slug = folded
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return trimSlug(slug, SLUG_MAX);
}

function trimSlug(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  return slug.slice(0, max).replace(/-+$/g, '');
}

export function isSlug(text: string): boolean {
  return text.length > 0 && text.length <= SLUG_MAX && SLUG_PATTERN.test(text);
}

/**
 * The first of `base`, `base-2`, `base-3` … that `taken` does not hold (the suffix fits
 * within SLUG_MAX by shortening the base).
 */
export function uniqueSlug(base: string, taken: (slug: string) => boolean): string {
  const root = base || 'produto';
  if (!taken(root)) return root;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${trimSlug(root, SLUG_MAX - suffix.length)}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}
