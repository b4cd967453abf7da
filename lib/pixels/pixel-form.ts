/**
 * The two forms of Configurações → Integrações: "Meta Pixel" ("ID do Pixel", "Token da API de
 * Conversões") and "Google Analytics 4" ("ID de medição", "Segredo da API"). The secret fields
 * are never filled back: blank keeps the stored one. A blank id switches the platform off.
 * Pure (browser-safe: the forms import the field names).
 */

export const META_FIELDS = { pixelId: 'metaPixelId', token: 'metaToken' } as const;
export const GA4_FIELDS = { measurementId: 'ga4MeasurementId', secret: 'ga4Secret' } as const;

export type FormParse<T> = { ok: true; value: T } | { ok: false; fieldErrors: Record<string, string>; values: Record<string, string>; error: string };

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim().slice(0, 2000) : '';
};

const INVALID = 'Confira os campos destacados.';

export function parseMetaForm(form: FormData): FormParse<{ pixelId: string; token?: string }> {
  const pixelId = text(form, META_FIELDS.pixelId);
  const token = text(form, META_FIELDS.token);
  const fieldErrors: Record<string, string> = {};
  if (pixelId && !/^\d{5,20}$/.test(pixelId)) fieldErrors[META_FIELDS.pixelId] = 'O ID do Pixel tem só números, como 123456789012345 (Gerenciador de Eventos → Fontes de dados).';
  if (token && !/^[A-Za-z0-9_-]{20,1000}$/.test(token)) fieldErrors[META_FIELDS.token] = 'Cole o token exatamente como o Gerenciador de Eventos mostra (Configurações → API de Conversões → Gerar token de acesso).';
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors, values: { [META_FIELDS.pixelId]: pixelId }, error: INVALID };
  return { ok: true, value: { pixelId, ...(token && pixelId ? { token } : {}) } };
}

export function parseGa4Form(form: FormData): FormParse<{ measurementId: string; secret?: string }> {
  const measurementId = text(form, GA4_FIELDS.measurementId).toUpperCase();
  const secret = text(form, GA4_FIELDS.secret);
  const fieldErrors: Record<string, string> = {};
  if (measurementId && !/^G-[A-Z0-9]{4,20}$/.test(measurementId)) fieldErrors[GA4_FIELDS.measurementId] = 'O ID de medição começa com G-, como G-ABC123XYZ9 (Administrador → Fluxos de dados).';
  if (secret && !/^[A-Za-z0-9_-]{8,200}$/.test(secret)) fieldErrors[GA4_FIELDS.secret] = 'Cole o segredo exatamente como o Google Analytics mostra (Fluxos de dados → Chaves secretas da API Measurement Protocol).';
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors, values: { [GA4_FIELDS.measurementId]: measurementId }, error: INVALID };
  return { ok: true, value: { measurementId, ...(secret && measurementId ? { secret } : {}) } };
}

/** An id saved without a secret, where none is stored yet: the platform could not be switched on. */
export const META_TOKEN_NEEDED = 'Cole o token da API de Conversões: sem ele os eventos não podem ser enviados pelo servidor.';
export const GA4_SECRET_NEEDED = 'Cole o segredo da API: sem ele os eventos não podem ser enviados pelo servidor.';
