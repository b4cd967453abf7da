/** Configurações → "Carrinhos abandonados": the three reminders, each switchable and timed, the 2nd and 3rd with an optional coupon. */
import 'server-only';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { abandonedCheckoutSettings } from '@/db/schema';

export type ReminderStep = { step: 1 | 2 | 3; on: boolean; minutes: number; coupon: string | null };

export const DEFAULT_REMINDERS: ReminderStep[] = [
  { step: 1, on: true, minutes: 60, coupon: null },
  { step: 2, on: true, minutes: 24 * 60, coupon: null },
  { step: 3, on: true, minutes: 72 * 60, coupon: null },
];

export async function getReminderSteps(): Promise<ReminderStep[]> {
  const [r] = await db().select().from(abandonedCheckoutSettings).where(eq(abandonedCheckoutSettings.id, 1));
  if (!r) return DEFAULT_REMINDERS;
  return [
    { step: 1, on: r.step1On, minutes: r.step1Minutes, coupon: null },
    { step: 2, on: r.step2On, minutes: r.step2Minutes, coupon: r.step2Coupon },
    { step: 3, on: r.step3On, minutes: r.step3Minutes, coupon: r.step3Coupon },
  ];
}

export async function saveReminderSteps(steps: ReminderStep[]): Promise<void> {
  const [s1, s2, s3] = steps;
  const values = {
    step1On: s1.on,
    step1Minutes: s1.minutes,
    step2On: s2.on,
    step2Minutes: s2.minutes,
    step2Coupon: s2.coupon,
    step3On: s3.on,
    step3Minutes: s3.minutes,
    step3Coupon: s3.coupon,
  };
  await db().insert(abandonedCheckoutSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: abandonedCheckoutSettings.id, set: values });
}

/**
 * The step to write now for a draft changed at `updatedAtMs` that has handled `handled` steps:
 * the latest switched-on step past its time (a draft that slept through several gets one
 * e-mail, not a burst), or null.
 */
export function dueStep(steps: ReminderStep[], handled: number, updatedAtMs: number, now: number): ReminderStep | null {
  let due: ReminderStep | null = null;
  for (const s of steps) if (s.on && s.step > handled && updatedAtMs + s.minutes * 60_000 <= now) due = s;
  return due;
}
