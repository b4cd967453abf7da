/**
 * The checkout form's fields and the words its browser side shares with the server: the one
 * list of fields, "Confira os campos destacados.", a CEP whose UF is not the one chosen. Pure
 * and browser-safe.
 */
export { cepUfMismatchMessage } from './cep-uf-message';
export { CHECK_FIELDS_MESSAGE, type FieldErrors, type FormValues, isAddressField, isBillingField, PERSON_FIELDS } from './fields';
