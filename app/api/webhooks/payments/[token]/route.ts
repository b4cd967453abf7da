import { withAfterPass } from '@/lib/server/after-pass';
import { handlePaymentWebhook } from '@/lib/payments';

export const dynamic = 'force-dynamic';

export async function POST(req: Request, ctx: { params: Promise<{ token: string }> }) {
  const { token } = await ctx.params;
  // order.paid and the confirmation e-mail leave right after the 200 (lib/server/after-pass.ts).
  return withAfterPass(() => handlePaymentWebhook(req, token));
}
