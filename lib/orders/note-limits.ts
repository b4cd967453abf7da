/** Lengths of the free texts on an order, shared by the forms (browser) and the server's checks. */

/** "Notas internas": one note of the team. */
export const NOTE_MAX_LENGTH = 2000;
/** The buyer's "Observações para a loja" at checkout. */
export const BUYER_NOTE_MAX_LENGTH = 500;
