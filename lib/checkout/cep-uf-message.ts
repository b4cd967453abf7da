/**
 * What a buyer is told when the UF chosen is not the CEP's: shipping is priced from the CEP's UF
 * (@balcao/br/cep-uf), so the two must agree. No dependencies: the checkout's client preview
 * shows the same words the server sends back next to the UF field.
 */
import { UFS, type UF } from '@balcao/br/uf';

export function cepUfMismatchMessage(cepUf: UF): string {
  const name = UFS.find(([code]) => code === cepUf)?.[1] ?? cepUf;
  return `O CEP informado é de ${name} (${cepUf}). Escolha ${cepUf} na UF ou confira o CEP.`;
}

export const CEP_WITHOUT_UF_MESSAGE = 'Este CEP não pertence a nenhum estado. Confira os números.';
