import { handlePaymentWebhook } from '@/lib/payments/webhook-intake';

export const dynamic = 'force-dynamic';

export async function POST(req: Request, ctx: { params: Promise<{ token: string }> }) {
  const { token } = await ctx.params;
  return handlePaymentWebhook(req, token);
}
