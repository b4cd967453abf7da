/** The rules of a category's name (browser-safe). */
export const CATEGORY_NAME_MAX = 40;
