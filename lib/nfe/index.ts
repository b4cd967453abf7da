/**
 * lib/nfe's face: connecting Bling (OAuth), the invoice settings, issuing and cancelling an
 * order's NF-e (one order or a selection), the invoice as the merchant, the buyer, the e-mails
 * and the API see it, and the embedded Bling sandbox's route. The other doors, loaded on
 * demand: issuer.ts (the outbox channel, by the job list) and embedded-connection.ts (start-up
 * connecting a development install to the embedded sandbox).
 */
export { bulkEmitSummary, emitSelected, type BulkEmitReport } from './bulk-emission';
export { cancelInvoice } from './cancellation';
export { disconnect, finishAuthorization, startAuthorization } from './connection';
export { BLING_EMBEDDED_PATH, blingSandbox } from './embedded-bling';
export { requestEmission, sendDueInvoices } from './emission';
export { buyerInvoiceLink, invoiceFile, invoiceFileForBuyer, latestInvoicesOf, merchantInvoiceView, publicInvoiceOf } from './invoice-view';
export { invoiceSettingsSchema, invoiceSettingsView, naturesOrProblem, saveInvoiceSettings } from './settings';
