/**
 * The subscriber's page's actions (/assinaturas/<token>): the token is the proof, as for an
 * order's page. Each reads its form, applies one change (manage.ts) and answers a notice code
 * the page shows; the page works without JavaScript (plain POSTs and a redirect).
 */
import 'server-only';
import { deliveryAddressSchema } from '@/lib/checkout';
import { cancelSubscription, changeAddress, changeMethod, pauseSubscription, resumeSubscription, subscriptionIdByToken } from './manage';

export const SUBSCRIBER_NOTICES = {
  paused: 'Assinatura pausada. Você recebe um e-mail de confirmação.',
  resumed: 'Assinatura retomada. A próxima cobrança aparece abaixo.',
  canceled: 'Assinatura cancelada. Nenhuma nova cobrança será feita, e enviamos a confirmação por e-mail.',
  address: 'Endereço atualizado para as próximas entregas.',
  method: 'Forma de pagamento atualizada para as próximas entregas.',
  invalid_address: 'Confira o endereço: CEP com 8 dígitos, rua, número, bairro, cidade e UF.',
  refused: 'Não foi possível fazer esta alteração agora. Recarregue a página e tente de novo.',
} as const;
export type SubscriberNotice = keyof typeof SUBSCRIBER_NOTICES;

export function subscriberNoticeOf(code: unknown): { code: SubscriberNotice; text: string; ok: boolean } | null {
  if (typeof code !== 'string' || !(code in SUBSCRIBER_NOTICES)) return null;
  const c = code as SubscriberNotice;
  return { code: c, text: SUBSCRIBER_NOTICES[c], ok: c !== 'invalid_address' && c !== 'refused' };
}

/** Runs the form's action for the subscription of `token`; null when the token is unknown. */
export async function subscriberAction(token: string, action: string, form: FormData): Promise<SubscriberNotice | null> {
  const id = await subscriptionIdByToken(token);
  if (!id) return null;
  const done = (r: { ok: boolean }, code: SubscriberNotice): SubscriberNotice => (r.ok ? code : 'refused');
  switch (action) {
    case 'pause':
      return done(await pauseSubscription(id, Number(form.get('cycles')), 'subscriber'), 'paused');
    case 'resume':
      return done(await resumeSubscription(id, 'subscriber'), 'resumed');
    case 'cancel':
      return done(await cancelSubscription(id, 'subscriber'), 'canceled');
    case 'method': {
      const m = form.get('method');
      if (m !== 'pix' && m !== 'boleto') return 'refused';
      return done(await changeMethod(id, m, 'subscriber'), 'method');
    }
    case 'address': {
      const parsed = deliveryAddressSchema.safeParse({
        zip: form.get('zip') ?? '',
        street: form.get('street') ?? '',
        number: form.get('number') ?? '',
        complement: form.get('complement') ?? '',
        neighborhood: form.get('neighborhood') ?? '',
        city: form.get('city') ?? '',
        state: form.get('state') ?? '',
      });
      if (!parsed.success) return 'invalid_address';
      return done(await changeAddress(id, parsed.data, 'subscriber'), 'address');
    }
    default:
      return 'refused';
  }
}
