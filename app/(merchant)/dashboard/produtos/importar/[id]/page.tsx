import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PermissionGate } from '@/app/(merchant)/dashboard/_components/permission-note';
import { requireMerchant } from '@/lib/auth';
import { progressOf } from '@/lib/catalog/imaging';
import { importById, previewImport, type ImportSummary, type LineResult } from '@/lib/catalog';
import { ConfirmImportForm } from './confirm-form';
import { PhotoProgressLine } from './photo-progress';

export const metadata: Metadata = { title: 'Importar produtos' };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

function summaryText(s: ImportSummary, done: boolean): string {
  const parts = [
    plural(s.novo, done ? 'produto novo' : 'produto novo', 'produtos novos'),
    plural(s.atualizado, 'atualizado', 'atualizados'),
    plural(s.semMudanca, 'sem mudança', 'sem mudança'),
    plural(s.erro, 'com erro', 'com erro'),
  ];
  return `${plural(s.lines, 'linha', 'linhas')}: ${parts.join(', ')}.`;
}

export default async function ImportPreviewPage({ params }: Props) {
  const { id } = await params;
  const merchant = await requireMerchant(`/dashboard/produtos/importar/${encodeURIComponent(id)}`);
  const row = await importById(id);
  if (!row) notFound();

  const crumbs = (
    <nav aria-label="Trilha" className="small">
      <Link href="/dashboard/produtos">Produtos</Link> <span aria-hidden="true">›</span> <Link href="/dashboard/produtos/importar">Importar produtos</Link>{' '}
      <span aria-hidden="true">›</span> <span className="muted">{row.appliedAt ? 'Resultado' : 'Prévia'}</span>
    </nav>
  );

  if (row.appliedAt) {
    const summary = row.summary ? (JSON.parse(row.summary) as ImportSummary) : null;
    return (
      <div className="stack">
        {crumbs}
        <h1>Importação concluída</h1>
        <p className="alert alert-success" role="status">
          {summary ? `Importado. ${summaryText(summary, true)}` : 'Importando…'}
        </p>
        <PhotoProgressLine importId={row.id} initial={progressOf(row)} />
        <p>
          <Link href="/dashboard/produtos">Ver produtos</Link>
        </p>
      </div>
    );
  }

  const preview = await previewImport(new Uint8Array(row.bytes));
  return (
    <div className="stack">
      {crumbs}
      <h1>Prévia da importação</h1>
      <p className="muted">
        Arquivo <strong>{row.fileName}</strong>
        {preview.ok && preview.encoding === 'windows-1252' ? ' (lido como Windows-1252)' : ''}. Nada foi salvo ainda.
      </p>
      {!preview.ok ? (
        <p className="alert alert-error" role="alert">
          {preview.error}
        </p>
      ) : (
        <>
          <p className={preview.summary.erro > 0 ? 'alert alert-warning' : 'alert alert-info'} role="status">
            {summaryText(preview.summary, false)}
            {preview.photos > 0 ? ` ${plural(preview.photos, 'foto será baixada', 'fotos serão baixadas')} depois.` : ''}
            {preview.summary.erro > 0 ? ' Os produtos com erro não serão importados: corrija o arquivo e envie de novo, ou confirme para importar os outros.' : ''}
          </p>
          <PermissionGate role={merchant.role} permission="catalog:edit">
            <ConfirmImportForm importId={row.id} sha256={row.sha256} nothingToDo={preview.summary.novo + preview.summary.atualizado === 0} />
          </PermissionGate>
          {/* A long file's few refused lines, first: nobody scrolls 5,000 rows to find them. */}
          {preview.summary.erro > 0 && preview.lines.some((l) => l.status !== 'erro') ? (
            <PreviewTable id="preview-errors" caption="Linhas com erro" lines={preview.lines.filter((l) => l.status === 'erro')} />
          ) : null}
          <PreviewTable id="preview-caption" caption="Resultado de cada linha" lines={preview.lines} />
        </>
      )}
    </div>
  );
}

function resultText(l: LineResult): string {
  return l.status === 'erro' ? `erro: ${l.message}` : l.status;
}

function PreviewTable({ id, caption, lines }: { id: string; caption: string; lines: LineResult[] }) {
  return (
    <div className="card table-wrap" tabIndex={0} role="region" aria-labelledby={id}>
      <table>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Linha</th>
            <th scope="col">Produto</th>
            <th scope="col">Resultado</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.line} data-status={l.status}>
              <td>{l.line}</td>
              <td>{l.name || l.slug || '—'}</td>
              <td className={l.status === 'erro' ? 'field-error' : undefined}>{resultText(l)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
