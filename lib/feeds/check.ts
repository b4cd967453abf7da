/**
 * "Verificar feed": the items checked against the fields Google's product data specification
 * requires (id, title, description, link, image_link, availability, price; brand or GTIN), each
 * problem counted and said in words ("3 produtos sem foto", "1 variante sem preço"). Pure.
 */
import type { FeedItem } from './items';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function feedProblems(items: readonly FeedItem[]): string[] {
  if (items.length === 0) return ['Nenhum produto à venda no feed'];
  const productsWith = (bad: (i: FeedItem) => boolean) => new Set(items.filter(bad).map((i) => i.productId)).size;
  const variantsWith = (bad: (i: FeedItem) => boolean) => items.filter(bad).length;
  const problems: string[] = [];
  const noPhoto = productsWith((i) => !i.imageLink);
  if (noPhoto) problems.push(`${plural(noPhoto, 'produto', 'produtos')} sem foto`);
  const noPrice = variantsWith((i) => i.priceCents <= 0);
  if (noPrice) problems.push(`${plural(noPrice, 'variante', 'variantes')} sem preço`);
  const noDescription = productsWith((i) => i.description === i.title);
  if (noDescription) problems.push(`${plural(noDescription, 'produto', 'produtos')} sem descrição`);
  const ids = new Map<string, number>();
  for (const i of items) ids.set(i.id, (ids.get(i.id) ?? 0) + 1);
  const repeated = [...ids.values()].filter((n) => n > 1).length;
  if (repeated) problems.push(`${plural(repeated, 'código repetido', 'códigos repetidos')} entre as variantes`);
  return problems;
}
