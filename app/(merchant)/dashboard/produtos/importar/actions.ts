'use server';
/**
 * "Importar produtos": send the file (stored, then its preview), "Confirmar importação" (the
 * stored file applied, its photos fetched after the response). Session and `catalog:edit`
 * checked by the envelope (lib/auth/merchant-action.ts).
 */
import { revalidatePath } from 'next/cache';
import { refused, merchantAction } from '@/lib/auth';
import { IMPORT_MAX_BYTES, parseImportFile } from '@/lib/catalog/forms';
import { runImportPhotos } from '@/lib/catalog/imaging';
import { confirmImport, storeImport } from '@/lib/catalog';
import { afterPassScheduler } from '@/lib/server/after-pass';
import { logger } from '@/lib/server/log';
import { recordRequestActivity } from '@/lib/security';

export const uploadImportAction = merchantAction({ name: 'product-import-upload', permission: 'catalog:edit' }, async (form: FormData, { merchant }) => {
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return refused('Escolha o arquivo CSV com os produtos.', { file: 'Escolha um arquivo CSV.' });
  if (file.size > IMPORT_MAX_BYTES) {
    const error = `O arquivo passa de ${IMPORT_MAX_BYTES / 1024} KB. Divida-o em arquivos menores.`;
    return refused(error, { file: error });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const parsed = parseImportFile(bytes);
  if (!parsed.ok) return refused(parsed.error, { file: parsed.error });
  const { id } = await storeImport(bytes, file.name, merchant.id);
  return { redirect: `/dashboard/produtos/importar/${id}` };
});

export const confirmImportAction = merchantAction({ name: 'product-import-confirm', permission: 'catalog:edit' }, async (form: FormData, { merchant }) => {
  const id = String(form.get('importId') ?? '');
  const result = await confirmImport(id, String(form.get('sha256') ?? ''));
  if (!result.ok && !result.alreadyApplied) return refused(result.error);
  if (result.ok) {
    logger().info({ actor: merchant.id, importId: id, summary: result.summary }, 'products imported');
    const s = result.summary;
    await recordRequestActivity({ actor: merchant, action: 'catalog', summary: `Importou produtos: ${s.novo} novos, ${s.atualizado} atualizados, ${s.erro} com erro`, target: `importação ${id}` });
    revalidatePath('/dashboard/produtos', 'layout');
    revalidatePath('/', 'layout');
    if (result.photoQueue.length > 0) afterPassScheduler()(() => runImportPhotos(id));
  }
  return { redirect: `/dashboard/produtos/importar/${id}` };
});
