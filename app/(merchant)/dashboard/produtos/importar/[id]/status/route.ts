/** The import's photo progress (polled by its page); resumes the photo pass when none holds the queue (a pass that died). */
import { merchantFor } from '@/lib/auth';
import { progressOf, runImportPhotos } from '@/lib/catalog/imaging';
import { importById } from '@/lib/catalog';
import { afterPassScheduler } from '@/lib/server/after-pass';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const access = await merchantFor('catalog:edit');
  if (!access.ok) return Response.json({ error: access.error }, { status: access.status, headers: { 'Cache-Control': 'no-store' } });
  const row = await importById((await params).id);
  if (!row) return Response.json({ error: 'Importação não encontrada.' }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const progress = progressOf(row);
  const leaseFree = !row.photoLeaseUntil || row.photoLeaseUntil < new Date().toISOString();
  if (row.appliedAt && !progress.finished && leaseFree) afterPassScheduler()(() => runImportPhotos(row.id));
  return Response.json(progress, { headers: { 'Cache-Control': 'no-store' } });
}
