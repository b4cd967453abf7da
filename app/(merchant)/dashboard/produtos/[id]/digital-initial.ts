import { can, type Role } from '@/lib/auth/permissions';
import { productDigitalOf, fileSizeText } from '@/lib/digital';

/** What the "Produto digital" section starts from, and the merchant's own download when the role may take it. */
export async function digitalInitialOf(productId: number, role: Role | null) {
  const d = await productDigitalOf(productId);
  const label = d?.file ? `${d.file.name} (${fileSizeText(d.file.size)})` : null;
  return {
    initial: { kind: d?.kind ?? null, url: d?.url ?? '', text: d?.text ?? '', fileLabel: label },
    downloadHref: d?.file && can(role, 'digital:files') ? `/api/dashboard/products/${productId}/digital` : null,
  };
}
