/** The shop's delivery rules, stored in one row (shipping_settings, id = 1). */
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { shippingSettings, type ShippingSettingsRow } from '@/db/schema';
import { isUF, type UF } from '@balcao/br/uf';
import { DEFAULT_SHIPPING_RULES, type ShippingRules } from './quote';
import { REGIONS, type Region } from './regions';

function centsMap<K extends string>(json: string, isKey: (k: string) => k is K): Partial<Record<K, number>> {
  const out: Partial<Record<K, number>> = {};
  try {
    const parsed = JSON.parse(json) as Record<string, unknown>;
    for (const [k, v] of Object.entries(parsed ?? {})) if (isKey(k) && Number.isSafeInteger(v) && (v as number) >= 0) out[k] = v as number;
  } catch {
    // A damaged map means no rates there (never a wrong price): the national rate applies.
  }
  return out;
}

const isRegion = (k: string): k is Region => (REGIONS as readonly string[]).includes(k);

export function rulesOf(row: ShippingSettingsRow | undefined): ShippingRules {
  if (!row) return DEFAULT_SHIPPING_RULES;
  return {
    nationalCents: row.nationalCents,
    regionCents: centsMap(row.regionCents, isRegion),
    ufCents: centsMap<UF>(row.ufCents, isUF),
    freeAboveCents: row.freeAboveCents,
    pickup: { enabled: row.pickupEnabled, address: row.pickupAddress },
  };
}

export async function getShippingRules(): Promise<ShippingRules> {
  const [row] = await db().select().from(shippingSettings).where(eq(shippingSettings.id, 1));
  return rulesOf(row);
}

export async function saveShippingRules(rules: ShippingRules): Promise<void> {
  const values = {
    nationalCents: rules.nationalCents,
    regionCents: JSON.stringify(rules.regionCents),
    ufCents: JSON.stringify(rules.ufCents),
    freeAboveCents: rules.freeAboveCents,
    pickupEnabled: rules.pickup.enabled,
    pickupAddress: rules.pickup.address,
    updatedAt: new Date().toISOString(),
  };
  await db()
    .insert(shippingSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: shippingSettings.id, set: values });
}
