import type { Metadata } from 'next';
import Link from 'next/link';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { requireMerchant } from '@/lib/auth';
import { COLUMN_ORDER, COLUMNS } from '@/lib/catalog/forms';
import { ImportForm } from './import-form';

export const metadata: Metadata = { title: 'Importar produtos' };
export const dynamic = 'force-dynamic';

export default async function ImportPage() {
  const merchant = await requireMerchant('/dashboard/produtos/importar');
  return (
    <div className="stack">
      <nav aria-label="Trilha" className="small">
        <Link href="/dashboard/produtos">Produtos</Link> <span aria-hidden="true">›</span> <span className="muted">Importar produtos</span>
      </nav>
      <h1>Importar produtos</h1>
      <p className="muted">
        Primeiro você vê o que cada linha faz (&quot;novo&quot;, &quot;atualizado&quot;, &quot;sem mudança&quot; ou o erro, com a coluna); nada é salvo antes de &quot;Confirmar importação&quot;.
        Para começar de um modelo, {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a file to download, not a page */}
        <a href="/dashboard/produtos/exportar">exporte os produtos</a> e edite a planilha.
      </p>
      <PermissionGate role={merchant.role} permission="catalog:edit">
        <ImportForm />
      </PermissionGate>
      <details className="card">
        <summary>Colunas do arquivo</summary>
        <p className="small">
          Obrigatórias: {COLUMNS.slug}, {COLUMNS.name} e {COLUMNS.price}. As outras são opcionais: uma coluna que não está no arquivo mantém o que a loja já tem. Categorias e fotos
          (endereços http ou https) vão separadas por &quot;|&quot;.
        </p>
        <p className="small">{COLUMN_ORDER.map((c) => COLUMNS[c]).join(' · ')}</p>
        <p className="small">Produtos novos entram no fim do catálogo, na ordem das linhas. Importar de novo não muda a ordem de exibição dos produtos que já existem.</p>
      </details>
    </div>
  );
}
