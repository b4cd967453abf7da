/**
 * Fulfilment's limits that the browser checks too (this file is pure, without dependencies).
 */

/** The most orders one shipping-documents PDF holds (oldest first): a day's post office run, not a whole archive. */
export const DOCUMENTS_MAX_ORDERS = 200;

/**
 * The largest "Enviar em lote" file: under the server actions' 1 MB body cap (next.config.mjs),
 * so an oversized file reaches the app and gets this message instead of a bare 413. 5,000 rows
 * are about 150 KB.
 */
export const BATCH_MAX_BYTES = 512 * 1024;
