/**
 * lib/fulfilment's face for the server: a move and its form, "Enviar em lote" and "Marcar como
 * enviados", labels, shipping documents, a paid order's digital access, the moves' words, and
 * the carrier tracking pass (which the job list loads through here on demand). The other doors:
 * moves.ts (pure: the moves, their words, the shopper's progress, the carriers) and
 * documents-limits.ts (pure: the limits the browser checks too).
 */
export { applyFulfilmentMove, type MoveRequest } from './apply-move';
export { applyShipBatch, type BatchLine, type BatchReport } from './batch';
export { bulkShipSummary, checkBulkShip, shipSelected, type BulkShipReport } from './bulk-ship';
export { readCarrierTracking, startTrackingLoop, stopTrackingLoop } from './carrier-tracking';
export { openDigitalAccess, previewDigitalAccess, renewDigitalAccess, resumeDigitalSession, revokeDigitalAccess } from './digital-access';
export { BATCH_MAX_BYTES, DOCUMENTS_MAX_ORDERS } from './documents-limits';
export { shippingDocuments, type DocumentKind, type DocumentsRequest } from './documents';
export {
  buyLabel,
  buyLabelsForOrders,
  DEMO_REAL_LABELS,
  labelBought,
  labelMarginCents,
  labelPdfOf,
  labelRefusal,
  labelsPdfOf,
  labelsSpendRealBalance,
  MAX_LABELS_PER_BATCH,
  type BatchLabelResult,
} from './labels';
export { checkMove, FULFILMENT_LABELS, fulfilmentLabel, hasFulfilment, progressDone, progressSteps } from './moves';
export { parseShipForm } from './ship-form';
export { CORREIOS, isCorreios, KNOWN_CARRIERS, knownCarrier, type CarrierChoice } from './tracking';
