/**
 * lib/digital's face, its one door: a product's digital content and its files (the dashboard's
 * editor and upload route), each paid line's access (the order pages, e-mails, fulfilment's
 * open/renew/revoke) and the signed links of /d/<token>. Server-only.
 */
export {
  ACCESS_REFUSALS,
  accessStateOf,
  ACTION_WORD,
  checkAccess,
  digitalLinesOf,
  digitalLinesStep,
  digitalOffersOf,
  fileLabelOf,
  type AccessState,
  type AccessVerdict,
} from './access';
export { FILE_MESSAGES, fileSizeText } from './content';
export { beginUpload, completeFile, PART_BYTES, storePart } from './files';
export { DIGITAL_KIND_LABELS, productDigitalOf, removeDigital, saveDigitalContent } from './product-digital';
export { fileResponse } from './serve';
export {
  ACCESS_MAX_USES,
  ACCESS_VALID_MS,
  accessPath,
  readAccessToken,
  readSessionToken,
  sessionExpiry,
  sessionSignatureValid,
  signatureValid,
  signSessionToken,
  startPath,
} from './signed-link';
