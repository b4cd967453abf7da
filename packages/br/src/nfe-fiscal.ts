/**
 * A product's fiscal fields for the NF-e: "NCM" (8 digits of the Mercosur nomenclature, chapter
 * 01–97), "Origem" (the ICMS origin code 0–8, shown in words) and "Código de barras (GTIN)"
 * (GTIN-8, 12, 13 or 14 with its GS1 check digit; blank = "SEM GTIN"). Browser-safe: the
 * product form checks with the same functions the server runs again.
 */

export const ORIGINS: readonly { code: number; label: string }[] = [
  { code: 0, label: 'Nacional' },
  { code: 1, label: 'Estrangeira — importação direta' },
  { code: 2, label: 'Estrangeira — adquirida no mercado interno' },
  { code: 3, label: 'Nacional, com mais de 40% de conteúdo estrangeiro' },
  { code: 4, label: 'Nacional, produzida conforme processos produtivos básicos' },
  { code: 5, label: 'Nacional, com até 40% de conteúdo estrangeiro' },
  { code: 6, label: 'Estrangeira — importação direta, sem similar nacional (CAMEX)' },
  { code: 7, label: 'Estrangeira — mercado interno, sem similar nacional (CAMEX)' },
  { code: 8, label: 'Nacional, com mais de 70% de conteúdo estrangeiro' },
];

export const originLabel = (code: number | null | undefined): string => ORIGINS.find((o) => o.code === code)?.label ?? '—';

export function normalizeNcm(raw: string): string {
  return raw.replace(/[.\s-]/g, '');
}

/** null when valid; else the message for the field. */
export function ncmProblem(ncm: string): string | null {
  const s = normalizeNcm(ncm);
  if (!/^\d{8}$/.test(s)) return 'O NCM tem 8 dígitos (ex.: 0901.21.00).';
  const chapter = Number(s.slice(0, 2));
  if (chapter < 1 || chapter > 97 || /^(\d)\1{7}$/.test(s)) return 'Este NCM não existe. Confira na tabela NCM (capítulos 01 a 97).';
  return null;
}

export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** null when valid (or blank); else the message for the field. */
export function gtinProblem(gtin: string): string | null {
  const s = gtin.replace(/\s/g, '');
  if (s === '') return null;
  if (!/^(\d{8}|\d{12,14})$/.test(s)) return 'O código de barras (GTIN) tem 8, 12, 13 ou 14 dígitos.';
  if (gtinCheckDigit(s.slice(0, -1)) !== Number(s.at(-1))) return 'O dígito verificador deste código de barras não confere.';
  return null;
}

export function originProblem(raw: string): string | null {
  return /^[0-8]$/.test(raw.trim()) ? null : 'Escolha a origem da mercadoria.';
}

/** The fields a line's NF-e item uses: the variant's where set, else the product's. */
export function fiscalOf(product: { ncm: string | null; origin: number | null; gtin: string | null }, variant?: { ncm: string | null; origin: number | null; gtin: string | null } | null) {
  return {
    ncm: variant?.ncm ?? product.ncm,
    origin: variant?.origin ?? product.origin,
    gtin: variant?.gtin ?? product.gtin,
  };
}
