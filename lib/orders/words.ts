/**
 * An order's words and limits: its number ("#0042") and items, its status and payment
 * method's labels, the time left to pay, the notes' lengths. Pure and browser-safe.
 */
export { formatTimeLeft } from './deadline';
export { itemsLabel, orderLabel } from './format';
export { BUYER_NOTE_MAX_LENGTH, NOTE_MAX_LENGTH } from './note-limits';
export { METHOD_LABELS, statusBadgeClass, statusLabel } from './status-labels';
