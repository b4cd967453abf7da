/** The review page's answers, carried in its address after a send (so they show without JavaScript). */
import { ALREADY_REVIEWED, NOT_YET, TOO_MANY, type SubmitResult } from '@/lib/reviews';

export const REVIEW_ERRORS = {
  nota: 'Escolha uma nota de 1 a 5 estrelas.',
  comentario: 'O comentário pode ter até 1000 caracteres.',
  ja: ALREADY_REVIEWED,
  limite: TOO_MANY,
  pedido: NOT_YET,
  link: 'Este link de avaliação não é válido. Confira se ele foi copiado inteiro.',
} as const;
export type ReviewErrorCode = keyof typeof REVIEW_ERRORS;

export function reviewErrorCode(result: Exclude<SubmitResult, { ok: true }>): ReviewErrorCode {
  if (result.fieldErrors?.comentario) return 'comentario';
  if (result.error === ALREADY_REVIEWED) return 'ja';
  if (result.error === TOO_MANY) return 'limite';
  if (result.error === NOT_YET) return 'pedido';
  return 'link';
}

export const errorOf = (code: string | undefined): string | null => (code && code in REVIEW_ERRORS ? REVIEW_ERRORS[code as ReviewErrorCode] : null);
