/**
 * The "Forma de entrega" a submit may have (pure): the option the form names, at the price the
 * page showed. The server quoted again (lib/shipping/options.ts); a price that changed since, or
 * an option no longer offered, is refused next to the choice with the new options — before any
 * charge. A form that names none (no script ran) gets the options to choose from. When the carrier
 * failed and the UF table is the only option, a form that had seen the table goes through quietly.
 */
import { formatBRL } from '@balcao/br/money';
import type { DeliveryOption, DeliveryOptions } from '@/lib/shipping';

export const CHOOSE_FREIGHT_MESSAGE = 'Escolha a forma de entrega.';
export const FREIGHT_GONE_MESSAGE = 'A forma de entrega escolhida não está mais disponível para este CEP. Escolha outra.';

export function freightChangedMessage(o: DeliveryOption): string {
  return `O frete mudou: ${o.name} agora custa ${o.cents === 0 ? 'R$ 0,00 (grátis)' : formatBRL(o.cents)}. Confira e confirme de novo.`;
}

export type FreightChoice =
  | { ok: true; option: DeliveryOption; pricedBy: 'carrier' | 'table' }
  | { ok: false; message: string; options: DeliveryOption[] };

export function chooseFreight(offered: Extract<DeliveryOptions, { ok: true }>, freight: { id: string; shownCents: number } | undefined): FreightChoice {
  const { options, pricedBy } = offered;
  if (!freight) {
    // Carrier off (or failed): the one table option needs no choice.
    if (pricedBy === 'table' && options.length === 1) return { ok: true, option: options[0], pricedBy };
    return { ok: false, message: CHOOSE_FREIGHT_MESSAGE, options };
  }
  const option = options.find((o) => o.id === freight.id);
  if (!option) return { ok: false, message: FREIGHT_GONE_MESSAGE, options };
  if (option.cents !== freight.shownCents) return { ok: false, message: freightChangedMessage(option), options };
  return { ok: true, option, pricedBy };
}
