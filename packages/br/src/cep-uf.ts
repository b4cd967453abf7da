/**
 * The UF a CEP belongs to, by the Correios' public CEP ranges per state (the first five digits,
 * "faixas de CEP por UF"). Shipping is priced from this UF, never from the one a buyer types:
 * a Manaus CEP with "SP" chosen must not pay São Paulo's shipping. Pure, no network; the same
 * table runs on the server (the order's price) and in the browser (the checkout's preview).
 */
import type { UF } from './uf';

/** [first 5-digit prefix, last 5-digit prefix, UF], inclusive; DF and GO interleave, AM around RR; in order. */
export const CEP_RANGES: readonly (readonly [number, number, UF])[] = [
  [1000, 19999, 'SP'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 39999, 'MG'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  [70000, 72799, 'DF'],
  [72800, 72999, 'GO'],
  [73000, 73699, 'DF'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  // Rondônia's range before it moved to 76800–76999; still listed in the Correios' tables.
  [78900, 78999, 'RO'],
  [79000, 79999, 'MS'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 99999, 'RS'],
];

/** The UF of an 8-digit CEP (masks and spaces ignored), or null when it is not 8 digits or in no range. */
export function ufOfCep(cep: string): UF | null {
  const digits = cep.replace(/\D/g, '');
  if (digits.length !== 8) return null;
  const prefix = Number(digits.slice(0, 5));
  for (const [from, to, uf] of CEP_RANGES) if (prefix >= from && prefix <= to) return uf;
  return null;
}
