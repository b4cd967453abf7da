/** The five regions of Brazil (IBGE) and their UFs. */
import type { UF } from '@balcao/br/uf';

export const REGIONS = ['Norte', 'Nordeste', 'Centro-Oeste', 'Sudeste', 'Sul'] as const;
export type Region = (typeof REGIONS)[number];

export const UFS_BY_REGION: Record<Region, readonly UF[]> = {
  Norte: ['AC', 'AM', 'AP', 'PA', 'RO', 'RR', 'TO'],
  Nordeste: ['AL', 'BA', 'CE', 'MA', 'PB', 'PE', 'PI', 'RN', 'SE'],
  'Centro-Oeste': ['DF', 'GO', 'MS', 'MT'],
  Sudeste: ['ES', 'MG', 'RJ', 'SP'],
  Sul: ['PR', 'RS', 'SC'],
};

const REGION_OF = new Map<UF, Region>(REGIONS.flatMap((r) => UFS_BY_REGION[r].map((uf) => [uf, r] as const)));

export function regionOf(uf: UF): Region {
  const r = REGION_OF.get(uf);
  if (!r) throw new RangeError(`unknown UF ${uf}`);
  return r;
}
