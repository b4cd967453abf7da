'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { parseReviewForm, submitReview } from '@/lib/reviews';
import { clientRateKey } from '@/lib/security';
import { reviewErrorCode } from './messages';

/** "Enviar avaliação": works without JavaScript (the answer is the page again, by redirect). */
export async function sendReviewAction(formData: FormData): Promise<void> {
  const token = String(formData.get('token') ?? '');
  const safeToken = encodeURIComponent(token.slice(0, 200));
  const parsed = parseReviewForm(formData);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    redirect(`/avaliar/${safeToken}?erro=${field === 'comentario' ? 'comentario' : 'nota'}&item=${encodeURIComponent(String(formData.get('item') ?? ''))}#item-${encodeURIComponent(String(formData.get('item') ?? ''))}`);
  }
  const result = await submitReview(token, parsed.data, clientRateKey(await headers()));
  const item = parsed.data.item;
  if (result.ok) redirect(`/avaliar/${safeToken}?enviado=${item}${result.published ? '&publicada=1' : ''}`);
  redirect(`/avaliar/${safeToken}?erro=${reviewErrorCode(result)}&item=${item}#item-${item}`);
}
