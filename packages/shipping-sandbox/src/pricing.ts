/**
 * The sandbox's price table. ALL FIGURES ARE INVENTED (plausible for 2026, not any carrier's
 * real tariff): a base price per service and distance band for the first kilo, plus a price per
 * extra kilo (rounded up), and a delivery range in working days. The billed weight is the larger
 * of the real weight and the cubic weight (length × width × height / 6000, in kg), as Brazilian
 * carriers bill.
 */
import { ufOfCep } from '@balcao/br/cep-uf';
import type { UF } from '@balcao/br/uf';

export type Band = 'same-uf' | 'same-region' | 'other-region';
const BANDS: readonly Band[] = ['same-uf', 'same-region', 'other-region'];

const REGION_OF: Record<UF, string> = {
  AC: 'N', AM: 'N', AP: 'N', PA: 'N', RO: 'N', RR: 'N', TO: 'N',
  AL: 'NE', BA: 'NE', CE: 'NE', MA: 'NE', PB: 'NE', PE: 'NE', PI: 'NE', RN: 'NE', SE: 'NE',
  DF: 'CO', GO: 'CO', MS: 'CO', MT: 'CO',
  ES: 'SE', MG: 'SE', RJ: 'SE', SP: 'SE',
  PR: 'S', RS: 'S', SC: 'S',
};

export function bandOf(from: UF, to: UF): Band {
  if (from === to) return 'same-uf';
  return REGION_OF[from] === REGION_OF[to] ? 'same-region' : 'other-region';
}

export type Service = {
  id: number;
  name: string;
  company: { id: number; name: string };
  /** Centavos for the first kilo, by band (same UF, same region, other region). */
  baseCents: readonly [number, number, number];
  /** Centavos per extra kilo (rounded up), by band. */
  perKgCents: readonly [number, number, number];
  /** Working days [min, max], by band. */
  days: readonly [readonly [number, number], readonly [number, number], readonly [number, number]];
  maxWeightKg: number;
  /** The largest side, and the sum of the three sides, of one package (cm). */
  maxSideCm: number;
  maxSumCm: number;
  correios: boolean;
  /** Destination regions served (null = all). */
  regions: readonly string[] | null;
};

export const SERVICES: readonly Service[] = [
  { id: 1, name: 'PAC', company: { id: 1, name: 'Correios' }, baseCents: [1590, 1990, 2340], perKgCents: [250, 400, 650], days: [[3, 5], [4, 6], [5, 7]], maxWeightKg: 30, maxSideCm: 100, maxSumCm: 200, correios: true, regions: null },
  { id: 2, name: 'SEDEX', company: { id: 1, name: 'Correios' }, baseCents: [2190, 3290, 4490], perKgCents: [390, 690, 1190], days: [[1, 2], [2, 3], [2, 4]], maxWeightKg: 30, maxSideCm: 100, maxSumCm: 200, correios: true, regions: null },
  { id: 3, name: '.Package', company: { id: 2, name: 'Jadlog' }, baseCents: [1690, 2190, 2890], perKgCents: [200, 350, 590], days: [[2, 4], [4, 6], [6, 9]], maxWeightKg: 50, maxSideCm: 120, maxSumCm: 240, correios: false, regions: null },
  { id: 31, name: 'Loggi Express', company: { id: 14, name: 'Loggi' }, baseCents: [1490, 1890, 2590], perKgCents: [300, 450, 700], days: [[1, 3], [2, 4], [3, 6]], maxWeightKg: 10, maxSideCm: 60, maxSumCm: 150, correios: false, regions: ['SE', 'S'] },
];

export type Parcel = { widthCm: number; heightCm: number; lengthCm: number; weightKg: number; quantity: number; insuranceReais: number };

/** Cubic weight of one unit, grams (L × W × H / 6000 kg). */
export function cubicGrams(p: Pick<Parcel, 'widthCm' | 'heightCm' | 'lengthCm'>): number {
  return Math.ceil((p.widthCm * p.heightCm * p.lengthCm * 1000) / 6000);
}

/** The billed weight of the whole shipment, grams: for each line the larger of real and cubic, times the quantity. */
export function billedGrams(parcels: readonly Parcel[]): number {
  return parcels.reduce((sum, p) => sum + Math.max(Math.round(p.weightKg * 1000), cubicGrams(p)) * p.quantity, 0);
}

export function priceCents(service: Service, band: Band, grams: number): number {
  const i = BANDS.indexOf(band);
  const extraKg = Math.max(0, Math.ceil(grams / 1000) - 1);
  return service.baseCents[i] + extraKg * service.perKgCents[i];
}

/** The one package the lines travel in: the largest width and length, heights stacked. */
export function packageOf(parcels: readonly Parcel[]): { widthCm: number; heightCm: number; lengthCm: number } {
  return {
    widthCm: Math.max(0, ...parcels.map((p) => p.widthCm)),
    lengthCm: Math.max(0, ...parcels.map((p) => p.lengthCm)),
    heightCm: parcels.reduce((s, p) => s + p.heightCm * p.quantity, 0),
  };
}

export type QuoteEntry = Record<string, unknown>;

const reais = (cents: number) => (cents / 100).toFixed(2);

/**
 * The answer of POST /api/v2/me/shipment/calculate (docs/shipping-contract.md): one entry per
 * service asked, an `error` on those that cannot carry this shipment.
 */
export function quote(o: { from: string; to: string; parcels: readonly Parcel[]; serviceIds: readonly number[] | null }): QuoteEntry[] | { error: string } {
  const fromUf = ufOfCep(o.from);
  const toUf = ufOfCep(o.to);
  if (!fromUf) return { error: 'CEP de origem inválido.' };
  if (!toUf) return { error: 'CEP de destino inválido.' };
  const band = bandOf(fromUf, toUf);
  const i = BANDS.indexOf(band);
  const grams = billedGrams(o.parcels);
  const pkg = packageOf(o.parcels);
  const services = o.serviceIds ? SERVICES.filter((s) => o.serviceIds!.includes(s.id)) : SERVICES;
  const notServedSuffix = o.to.replace(/\D/g, '').endsWith('997');
  return services.map((s) => {
    const head = { id: s.id, name: s.name, company: { ...s.company, picture: '' } };
    if ((s.regions && !s.regions.includes(REGION_OF[toUf])) || (notServedSuffix && !s.correios)) return { ...head, error: 'Serviço indisponível para o trecho.' };
    const sides = [pkg.widthCm, pkg.heightCm, pkg.lengthCm];
    if (grams > s.maxWeightKg * 1000 || Math.max(...sides) > s.maxSideCm || sides.reduce((a, b) => a + b, 0) > s.maxSumCm) {
      return { ...head, error: 'Dimensões ou peso acima do limite do serviço.' };
    }
    const cents = priceCents(s, band, grams);
    const [min, max] = s.days[i];
    return {
      ...head,
      price: reais(cents),
      custom_price: reais(cents),
      discount: '0.00',
      currency: 'R$',
      delivery_time: max,
      delivery_range: { min, max },
      custom_delivery_time: max,
      custom_delivery_range: { min, max },
      packages: [{ price: reais(cents), format: 'box', weight: (grams / 1000).toFixed(2), dimensions: { height: pkg.heightCm, width: pkg.widthCm, length: pkg.lengthCm } }],
    };
  });
}
