'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { newPixAttempt, switchToPix } from '@/lib/payments';
import { attemptNoticeOf } from '@/lib/checkout';

const tokenForm = z.object({ token: z.string().min(1).max(100) });

async function attempt(form: FormData, run: (token: string) => ReturnType<typeof switchToPix>): Promise<never> {
  const parsed = tokenForm.safeParse({ token: form.get('token') });
  if (!parsed.success) redirect('/');
  const { token } = parsed.data;
  const result = await run(token);
  redirect(result.ok ? `/orders/${token}` : `/orders/${token}?pix=${attemptNoticeOf(result.error)}`);
}

/** "Pagar com Pix agora" (a plain POST without JavaScript): the order page then shows the Pix. */
export async function switchToPixAction(form: FormData): Promise<void> {
  await attempt(form, switchToPix);
}

/** "Gerar novo Pix" on an expired Pix order. */
export async function newPixAction(form: FormData): Promise<void> {
  await attempt(form, newPixAttempt);
}
