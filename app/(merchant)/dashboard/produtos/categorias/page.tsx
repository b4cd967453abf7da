import type { Metadata } from 'next';
import Link from 'next/link';
import { requireMerchant } from '@/lib/auth';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { categoriesWithCounts } from '@/lib/catalog';
import { ActionForm } from '../../_components/action-form';
import { removeCategoryAction } from '../actions';
import { NewCategoryForm } from './new-category-form';

export const metadata: Metadata = { title: 'Categorias' };
export const dynamic = 'force-dynamic';

export default async function CategoriesPage() {
  const merchant = await requireMerchant('/dashboard/produtos/categorias');
  const categories = await categoriesWithCounts();
  return (
    <div className="stack">
      <nav aria-label="Trilha" className="small">
        <Link href="/dashboard/produtos">Produtos</Link> <span aria-hidden="true">›</span> <span className="muted">Categorias</span>
      </nav>
      <h1>Categorias</h1>
      <p className="muted">Cada categoria tem sua página na loja e aparece no menu quando tem produto à venda. Um produto pode estar em várias: escolha na página do produto.</p>
      <PermissionGate role={merchant.role} permission="catalog:edit">
        <NewCategoryForm />
      </PermissionGate>
      {categories.length === 0 ? (
        <p className="alert alert-info">Nenhuma categoria ainda.</p>
      ) : (
        <ul className="card stack" aria-label="Categorias da loja">
          {categories.map((c) => (
            <li key={c.id} className="row" style={{ justifyContent: 'space-between', flexWrap: 'nowrap' }}>
              {/* The name and count wrap in their own column, so "Excluir …" stays beside every row alike on a phone. */}
              <span style={{ flex: '1 1 auto', minWidth: 0 }}>
                <Link href={`/categorias/${c.slug}`}>{c.name}</Link>
                <span className="small muted" style={{ display: 'block' }}>
                  {c.onSale === 0 ? 'Nenhum produto à venda: fora do menu da loja' : c.onSale === 1 ? '1 produto à venda' : `${c.onSale.toLocaleString('pt-BR')} produtos à venda`}
                </span>
              </span>
              <PermissionGate role={merchant.role} permission="catalog:edit">
                <ActionForm
                  action={removeCategoryAction}
                  fields={{ categoryId: String(c.id) }}
                  label={`Excluir ${c.name}`}
                  pendingLabel="Excluindo…"
                  className="btn btn-ghost"
                  confirm={{ title: `Excluir a categoria ${c.name}?`, body: 'Os produtos dela continuam na loja.', confirmLabel: 'Excluir', confirmClassName: 'btn btn-danger' }}
                />
              </PermissionGate>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
