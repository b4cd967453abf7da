/**
 * A product's "Produto digital" settings: none (it ships, or is a service), a file ("Arquivo",
 * uploaded through files.ts), a link ("Link") or a text ("Texto"). Making a product digital
 * makes it ship nothing: no address, no weight, no size, no fulfilment step.
 */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { database } from '@/db';
import { run } from '@/db/driver';
import { digitalFiles, productDigital, products, type DigitalKind } from '@/db/schema';
import { checkDigitalText, checkDigitalUrl } from './content';

export type ProductDigitalView = {
  kind: DigitalKind;
  url: string | null;
  text: string | null;
  file: { id: number; name: string; mime: string; size: number } | null;
};

export async function productDigitalOf(productId: number): Promise<ProductDigitalView | null> {
  const [row] = await database()
    .db.select({
      kind: productDigital.kind,
      url: productDigital.url,
      text: productDigital.text,
      fileId: digitalFiles.id,
      fileName: digitalFiles.name,
      mime: digitalFiles.mime,
      size: digitalFiles.size,
    })
    .from(productDigital)
    .leftJoin(digitalFiles, and(eq(digitalFiles.id, productDigital.fileId), eq(digitalFiles.complete, true)))
    .where(eq(productDigital.productId, productId));
  if (!row) return null;
  return { kind: row.kind, url: row.url, text: row.text, file: row.fileId ? { id: row.fileId, name: row.fileName!, mime: row.mime!, size: row.size! } : null };
}

export const DIGITAL_KIND_LABELS: Record<DigitalKind, string> = { file: 'Arquivo', link: 'Link', text: 'Texto' };

export type DigitalFormResult = { ok: true } | { ok: false; fieldErrors: Record<string, string> };

/** Saves a link or a text as what the product gives (a file is saved by its upload). */
export async function saveDigitalContent(productId: number, form: { kind: string; url?: string; text?: string }): Promise<DigitalFormResult> {
  let set: { kind: 'link'; url: string } | { kind: 'text'; text: string };
  if (form.kind === 'link') {
    const r = checkDigitalUrl(form.url ?? '');
    if (!r.ok) return { ok: false, fieldErrors: { url: r.error } };
    set = { kind: 'link', url: r.url };
  } else if (form.kind === 'text') {
    const r = checkDigitalText(form.text ?? '');
    if (!r.ok) return { ok: false, fieldErrors: { text: r.error } };
    set = { kind: 'text', text: r.text };
  } else {
    return { ok: false, fieldErrors: { kind: 'Escolha Arquivo, Link ou Texto.' } };
  }
  await database().transaction(function* (tx) {
    const values = { kind: set.kind, url: set.kind === 'link' ? set.url : null, text: set.kind === 'text' ? set.text : null, fileId: null };
    yield* run(
      tx
        .insert(productDigital)
        .values({ productId, ...values })
        .onConflictDoUpdate({ target: productDigital.productId, set: { ...values, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` } }),
    );
    // The file it gave before is not served any more: its bytes go.
    yield* run(tx.delete(digitalFiles).where(eq(digitalFiles.productId, productId)));
    yield* run(tx.update(products).set({ requiresShipping: false }).where(eq(products.id, productId)));
  });
  return { ok: true };
}

/** "Deixar de ser digital": the product gives nothing digital any more (orders already paid lose access too). */
export async function removeDigital(productId: number): Promise<void> {
  await database().transaction(function* (tx) {
    yield* run(tx.delete(productDigital).where(eq(productDigital.productId, productId)));
    yield* run(tx.delete(digitalFiles).where(eq(digitalFiles.productId, productId)));
  });
}
