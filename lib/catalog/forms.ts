/**
 * The product's forms (product, variant grid, CSV import, category), their limits, the slug and
 * a variant's words ("Tamanho: M"): pure and browser-safe, the same checks in the dashboard's
 * forms and in the server.
 */
export { CATEGORY_NAME_MAX } from './category-rules';
export { COLUMN_ORDER, COLUMNS, IMPORT_MAX_BYTES, parseImportFile } from './import-file';
export { DESCRIPTION_MAX, NAME_MAX, parseProductForm, type ProductField, shownStockOf } from './product-form';
export { slugify } from './slug';
export { GRID_COLUMNS, type GridColumn, parseVariantGrid } from './variant-form';
export { type Dimensions, effectiveOf, lineName, MAX_OPTIONS, readOptions, variantLabel } from './variants';
