/** The most orders one bulk action of the orders list takes: the shipping documents' own limit. Browser-safe. */
import { DOCUMENTS_MAX_ORDERS } from '@/lib/fulfilment/documents-limits';

export const SELECTION_MAX = DOCUMENTS_MAX_ORDERS;
