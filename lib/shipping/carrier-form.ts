/**
 * Configurações → Entrega → "Melhor Envio": the form's fields ↔ the carrier settings. The token
 * field is never filled back (it is sealed); blank keeps the stored one, "Remover token" drops it.
 */
import { DEFAULT_SERVICES, type CarrierSettings } from './carrier';
import { typedValues } from '@/lib/forms/typed-values';

export type CarrierFormResult =
  | { ok: true; value: Omit<CarrierSettings, 'hasToken' | 'tokenSealed'> & { token?: string } }
  | { ok: false; error: string; fieldErrors: Record<string, string>; values: Record<string, string> };

export function carrierFormValues(s: CarrierSettings): Record<string, string> {
  const adjust = s.adjust.kind === 'percent' ? String(s.adjust.value / 100).replace('.', ',') : s.adjust.kind === 'cents' ? (s.adjust.value / 100).toFixed(2).replace('.', ',') : '';
  return {
    carrierEnabled: s.enabled ? 'on' : '',
    environment: s.environment,
    originZip: s.originZip ? `${s.originZip.slice(0, 5)}-${s.originZip.slice(5)}` : '',
    handlingDays: String(s.handlingDays),
    adjustKind: s.adjust.kind,
    adjustValue: adjust,
    ...Object.fromEntries(DEFAULT_SERVICES.map((id) => [`service${id}`, s.services.includes(id) ? 'on' : ''])),
  };
}

export function parseCarrierForm(form: FormData): CarrierFormResult {
  const values: Record<string, string> = typedValues(
    form,
    ['carrierEnabled', 'environment', 'originZip', 'handlingDays', 'adjustKind', 'adjustValue', ...DEFAULT_SERVICES.map((id) => `service${id}`)],
    { trim: true, maxLength: 500 },
  );
  const fieldErrors: Record<string, string> = {};
  const enabled = values.carrierEnabled === 'on';
  const zip = values.originZip.replace(/\D/g, '');
  if (zip && zip.length !== 8) fieldErrors.originZip = 'Informe um CEP com 8 dígitos.';
  if (enabled && !zip) fieldErrors.originZip = 'Informe o CEP de onde os pedidos saem.';
  const days = values.handlingDays === '' ? 0 : Number(values.handlingDays);
  if (!Number.isInteger(days) || days < 0 || days > 30) fieldErrors.handlingDays = 'Informe de 0 a 30 dias úteis.';
  const services = DEFAULT_SERVICES.filter((id) => values[`service${id}`] === 'on');
  if (enabled && services.length === 0) fieldErrors.services = 'Escolha ao menos um serviço.';
  const kind = values.adjustKind === 'percent' || values.adjustKind === 'cents' ? values.adjustKind : 'none';
  let adjustValue = 0;
  if (kind !== 'none') {
    const n = Number(values.adjustValue.replace(/\./g, '').replace(',', '.'));
    if (!values.adjustValue || !Number.isFinite(n) || Math.abs(n) > (kind === 'percent' ? 100 : 1000)) fieldErrors.adjustValue = kind === 'percent' ? 'Informe um percentual entre -100 e 100, como 10 ou -5.' : 'Informe um valor em reais, como 2,50 ou -2,50.';
    else adjustValue = Math.round(n * 100);
  }
  // The token is read apart: never typed back into the page.
  const { token, removeToken } = typedValues(form, ['token', 'removeToken'], { trim: true, maxLength: 4000 });
  if (token && !/^[\w.\-~+/=]{8,4000}$/.test(token)) fieldErrors.token = 'Cole a chave exatamente como o Melhor Envio mostra.';
  if (Object.keys(fieldErrors).length > 0) return { ok: false, error: 'Confira os campos destacados.', fieldErrors, values };
  return {
    ok: true,
    value: {
      enabled,
      environment: values.environment === 'production' ? 'production' : 'sandbox',
      originZip: zip,
      services: [...services],
      handlingDays: days,
      adjust: { kind, value: adjustValue },
      ...(token ? { token } : removeToken === 'on' ? { token: '' } : {}),
    },
  };
}
