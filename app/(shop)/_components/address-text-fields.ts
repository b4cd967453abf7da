/**
 * The text fields of a buyer's address as the subscription's forms ask them (its checkout and
 * the subscriber's "Endereço de entrega"): name, label, autocomplete; the UF is a select after them.
 */
export type AddressTextField = 'zip' | 'street' | 'number' | 'complement' | 'neighborhood' | 'city';

export const ADDRESS_TEXT_FIELDS: readonly (readonly [AddressTextField, string, string])[] = [
  ['zip', 'CEP', 'postal-code'],
  ['street', 'Rua', 'address-line1'],
  ['number', 'Número', 'off'],
  ['complement', 'Complemento', 'address-line2'],
  ['neighborhood', 'Bairro', 'address-level3'],
  ['city', 'Cidade', 'address-level2'],
];
