import type { Metadata } from 'next';
import Link from 'next/link';
import { requireMerchant } from '@/lib/auth';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { ProductForm } from '../product-form';

export const metadata: Metadata = { title: 'Novo produto' };
export const dynamic = 'force-dynamic';

export default async function NewProductPage() {
  const { role } = await requireMerchant('/dashboard/produtos/novo');
  return (
    <div className="stack">
      <nav aria-label="Trilha" className="small">
        <Link href="/dashboard/produtos">Produtos</Link> <span aria-hidden="true">›</span> <span className="muted">Novo produto</span>
      </nav>
      <h1>Novo produto</h1>
      <p className="muted">Depois de salvar, você adiciona as fotos.</p>
      <PermissionGate role={role} permission="catalog:edit">
        <ProductForm
          initial={{ name: '', description: '', price: '', slug: '', stock: '', displayOrder: '', active: 'on', requiresShipping: 'on', weightGrams: '', heightCm: '', widthCm: '', lengthCm: '', ncm: '', origin: '0', gtin: '' }}
        />
      </PermissionGate>
    </div>
  );
}
