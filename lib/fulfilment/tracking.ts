/**
 * Carriers and tracking codes. Pure and browser-safe.
 *
 * Correios codes follow the UPU S10 standard: two letters (the service), eight serial
 * digits, a check digit and the country ("BR"). The check digit is what catches a mistyped
 * digit before the shopper gets a link that finds nothing. Any other carrier has codes of
 * its own shape: free text, with an optional link template where `{codigo}` stands for the
 * code (the carrier's own tracking page).
 */

export const CORREIOS = 'Correios';
/** Carriers offered as suggestions in the form; any other name is accepted. */
export const KNOWN_CARRIERS = [CORREIOS, 'Jadlog', 'Loggi', 'Total Express', 'Azul Cargo Express', 'J&T Express'] as const;

const S10 = /^([A-Z]{2})(\d{8})(\d)(BR)$/;
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/** The S10 check digit of eight serial digits: 11 − (Σ dᵢ·wᵢ mod 11), with 10 → 0 and 11 → 5. */
export function s10CheckDigit(serial: string): number {
  const sum = [...serial].reduce((acc, d, i) => acc + Number(d) * S10_WEIGHTS[i], 0);
  const r = 11 - (sum % 11);
  return r === 10 ? 0 : r === 11 ? 5 : r;
}

export const isCorreios = (carrier: string) => carrier.trim().toLowerCase() === 'correios';

/** What people type: spaces, dashes and dots dropped, letters upper-cased. */
export function normalizeTrackingCode(raw: string): string {
  return raw.replace(/[\s.\-]/g, '').toUpperCase();
}

export function correiosTrackingUrl(code: string): string {
  return `https://rastreamento.correios.com.br/app/index.php?objetos=${encodeURIComponent(code)}`;
}

/**
 * Every other known carrier's parcels are followed on Melhor Rastreio, Melhor Envio's public
 * tracking page (Jadlog, Loggi, Total Express, Azul Cargo, J&T): so each gets "Acompanhar entrega".
 * The URL's form is the one Melhor Envio's own WooCommerce plugin links (docs/reference.md).
 */
export function carrierTrackingUrl(carrier: string, code: string): string {
  return isCorreios(carrier) ? correiosTrackingUrl(code) : `https://www.melhorrastreio.com.br/rastreio/${encodeURIComponent(code)}`;
}

export type Tracking = { carrier: string; code: string; url: string | null };
export type TrackingInput = { carrier: string; code: string; urlTemplate?: string };
export type TrackingResult = { ok: true; value: Tracking } | { ok: false; fieldErrors: Partial<Record<'carrier' | 'code' | 'urlTemplate', string>> };

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Who ships may write any carrier and link (`any`, the default), or only pick one of
 * KNOWN_CARRIERS with no link of their own (`known`: the public demo's shared login, whose
 * words and link would reach a real buyer's inbox: lib/auth/permissions.ts
 * 'fulfilment:tracking-links').
 */
export type CarrierChoice = 'any' | 'known';
export const KNOWN_CARRIER_ONLY_MESSAGE = 'Escolha uma das transportadoras da lista.';
export const NO_LINK_TEMPLATE_MESSAGE = 'Conta de demonstração: link de rastreio próprio não é permitido.';

/** The known carrier this name means (any case and spacing), or null. */
export function knownCarrier(name: string): string | null {
  const key = name.trim().replace(/\s+/g, ' ').toLowerCase();
  return KNOWN_CARRIERS.find((c) => c.toLowerCase() === key) ?? null;
}

/** Checks the "Marcar como enviado" fields; every error in Portuguese, next to its field. */
export function parseTracking(input: TrackingInput, choice: CarrierChoice = 'any'): TrackingResult {
  let carrier = input.carrier.trim().replace(/\s+/g, ' ');
  const fieldErrors: Partial<Record<'carrier' | 'code' | 'urlTemplate', string>> = {};
  if (choice === 'known') {
    if ((input.urlTemplate ?? '').trim()) fieldErrors.urlTemplate = NO_LINK_TEMPLATE_MESSAGE;
    const known = knownCarrier(carrier);
    if (carrier && !known) fieldErrors.carrier = KNOWN_CARRIER_ONLY_MESSAGE;
    else if (known) carrier = known;
  }
  if (!carrier) fieldErrors.carrier = 'Informe a transportadora.';
  else if (carrier.length > 60 || CONTROL.test(carrier)) fieldErrors.carrier = 'Use até 60 caracteres no nome da transportadora.';
  if (carrier && isCorreios(carrier)) {
    const code = normalizeTrackingCode(input.code);
    const m = S10.exec(code);
    if (!code) fieldErrors.code = 'Informe o código de rastreio.';
    else if (!m) fieldErrors.code = 'Código dos Correios tem 13 caracteres: 2 letras, 9 números e BR (ex.: AB123456785BR).';
    else if (s10CheckDigit(m[2]) !== Number(m[3])) fieldErrors.code = 'Código inválido: o dígito verificador não confere. Confira o código no comprovante de postagem.';
    if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
    return { ok: true, value: { carrier: CORREIOS, code, url: correiosTrackingUrl(code) } };
  }
  const code = input.code.trim();
  if (!code) fieldErrors.code = 'Informe o código de rastreio.';
  else if (code.length > 60 || CONTROL.test(code)) fieldErrors.code = 'Use até 60 caracteres no código de rastreio.';
  const template = (input.urlTemplate ?? '').trim();
  let url: string | null = null;
  if (template) {
    const filled = template.replaceAll('{codigo}', encodeURIComponent(code));
    let parsed: URL | null = null;
    try {
      parsed = new URL(filled);
    } catch {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || template.length > 300) {
      fieldErrors.urlTemplate = 'Informe um endereço que comece com https://, com {codigo} onde entra o código.';
    } else url = parsed.toString();
  } else if (knownCarrier(carrier)) url = carrierTrackingUrl(carrier, code);
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
  return { ok: true, value: { carrier, code, url } };
}
