/**
 * lib/catalog's door to sharp: a photo's upload and processing (the shop's logo goes through
 * it too), the CSV import's photo downloads and their progress, and the photos derived at
 * start (the seed's illustrations, the formats an older photo lacks; loaded on demand by
 * lib/startup).
 */
export { type PhotoProgress, progressOf, runImportPhotos } from './import-photos';
export { backfillPhotoFormats, seedDemoPhotos } from './photo-backfill';
export { MAX_PHOTO_BYTES, PHOTO_MESSAGES, processPhoto } from './photo-processing';
export { uploadProductPhoto } from './photo-upload';
