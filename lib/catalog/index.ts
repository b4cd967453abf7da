/**
 * lib/catalog's face for the server: the products as the shop shows them (pages, search,
 * categories, variants chosen, availability), the dashboard's products and categories, the CSV
 * import and export, the photos as stored and served, and stock (taken, held, given back) for
 * lib/checkout and lib/payments. The other doors: forms.ts (the product's forms, limits and a
 * variant's words, pure and browser-safe), imaging.ts (what loads sharp, kept apart so that a
 * page reading the catalog does not) and photo-backfill.ts (the photos derived at start, loaded
 * on demand by lib/startup).
 */
export { listDashboardProducts, PRODUCT_FILTERS, type ProductFilter, productForEdit, type ProductRow, productStatus, type ProductStatus, removeProduct, restoreProduct, saveProduct, STATUS_LABELS, STOCK_CHANGED } from './admin';
export { availability } from './availability';
export { type CatalogCard, type CatalogItem, catalogItemsOf, catalogItemsQuery, type CatalogProduct, itemsOfProducts, productBySlug, productPage, productsByIds, variantByRef } from './catalog';
export { createCategory, removeCategory, setProductCategories } from './categories';
export { unitsHeldBy } from './held-units';
export { inlinePhoto } from './photo-inline';
export { CONTENT_TYPE, coversOf, MAX_PHOTOS, movePhoto, parsePhotoFileName, photoFile, photoRowsWhere, photosByProduct, type PhotoSource, type PhotoView, removePhoto, sourceAtLeast, srcSet } from './photos';
export { exportProductsCsv } from './product-export';
export { confirmImport, importById, type ImportSummary, type LineResult, previewImport, storeImport } from './product-import';
export { categoriesWithCounts, categoryBySlug, categoryIdsOf, categoryProducts, listCategories, searchProducts, shopCategories, shopCategoriesQuery, sortedCatalogPage, sortOf } from './search';
export { giveBack, givenBackSql, lapsedHoldsQuery, needsRetake, orderMovesQuery, OutOfStock, releaseHolds, releaseLapsedHolds, retakeForLatePayment, retakeForNewAttempt, returnRefundedOrderStock, type ReturnResult, stockOfVariantsQuery, takeForNewOrder } from './stock';
export { saveOptions, saveProductWithVariants, variantsForEdit } from './variant-admin';
export { type ChoiceGroup, choiceGroups, chosenVariant, requestedVariant } from './variant-choice';
