'use server';
/**
 * "Avaliações": Publicar, Ocultar, Responder, through the one envelope (permission
 * `reviews:moderate`: never the demonstration account), each one use-case of lib/reviews.
 */
import { revalidatePath } from 'next/cache';
import { done, refused, merchantAction } from '@/lib/auth';
import { replyToReview, setReviewStatus } from '@/lib/reviews';

const idOf = (form: FormData) => {
  const n = Number(form.get('reviewId'));
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

function refreshPages(slug: FormDataEntryValue | null) {
  revalidatePath('/dashboard/avaliacoes');
  if (typeof slug === 'string' && /^[a-z0-9-]{1,120}$/.test(slug)) revalidatePath(`/products/${slug}`);
}

export const publishReviewAction = merchantAction({ name: 'publish-review', permission: 'reviews:moderate' }, async (form: FormData) => {
  if (!(await setReviewStatus(idOf(form), 'published'))) return refused('Avaliação não encontrada.');
  refreshPages(form.get('slug'));
  return done('Avaliação publicada: já aparece na página do produto.');
});

export const hideReviewAction = merchantAction({ name: 'hide-review', permission: 'reviews:moderate' }, async (form: FormData) => {
  if (!(await setReviewStatus(idOf(form), 'hidden'))) return refused('Avaliação não encontrada.');
  refreshPages(form.get('slug'));
  return done('Avaliação oculta: não aparece mais na loja.');
});

export const replyReviewAction = merchantAction({ name: 'reply-review', permission: 'reviews:moderate' }, async (form: FormData) => {
  const r = await replyToReview(idOf(form), String(form.get('resposta') ?? ''));
  if (!r.ok) return refused(r.error, { resposta: r.error });
  refreshPages(form.get('slug'));
  return done('Resposta salva: aparece abaixo da avaliação.');
});
