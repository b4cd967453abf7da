import { linkVariantLine } from '@/lib/links/link-variant';

/** The catalog variant a link sells ("Camiseta básica — M / Preto", with its SKU), under the link's title. */
export async function LinkVariantName({ variantId }: { variantId: number | null }) {
  if (!variantId) return null;
  const line = await linkVariantLine(variantId);
  if (!line) return null;
  return (
    <p className="muted" data-testid="link-variant">
      {line.name}
      {line.sku ? <span className="small"> · SKU {line.sku}</span> : null}
    </p>
  );
}
