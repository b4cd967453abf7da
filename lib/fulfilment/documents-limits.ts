/** The most orders one shipping-documents PDF holds (oldest first): a day's post office run, not a whole archive. */
export const DOCUMENTS_MAX_ORDERS = 200;
