/**
 * lib/catalog's door to sharp: a photo's upload and processing (the shop's logo goes through
 * it too), the CSV import's photo downloads and their progress. The photos derived at start
 * (photo-backfill.ts: the seed's illustrations, the formats an older photo lacks) are a door
 * of their own, loaded on demand by lib/startup: they read the public folder, which no route
 * should trace.
 */
export { type PhotoProgress, progressOf, runImportPhotos } from './import-photos';
export { MAX_PHOTO_BYTES, PHOTO_MESSAGES, processPhoto } from './photo-processing';
export { uploadProductPhoto } from './photo-upload';
