/**
 * Faults (docs/sandbox.md, "Faults"): added latency, a share of 500s, 429s with Retry-After, and a
 * share of webhooks dropped, duplicated or delivered out of order. One global set for all
 * keys, stored in the sandbox database; each PUT replaces the whole set (`{}` clears it).
 */
import { z } from 'zod';
import type { SandboxContext } from './context';
import { getMeta, setMeta } from './db';

export type Faults = {
  latency_ms: number;
  error_rate: number;
  rate_limit_rate: number;
  retry_after_seconds: number;
  webhook_drop_rate: number;
  webhook_duplicate_rate: number;
  webhook_reorder: boolean;
};

export const NO_FAULTS: Faults = {
  latency_ms: 0,
  error_rate: 0,
  rate_limit_rate: 0,
  retry_after_seconds: 1,
  webhook_drop_rate: 0,
  webhook_duplicate_rate: 0,
  webhook_reorder: false,
};

const rate = z
  .number({ message: 'expected a number from 0 to 1' })
  .min(0, { message: 'must be from 0 to 1' })
  .max(1, { message: 'must be from 0 to 1' });

export const faultsSchema = z.object({
  latency_ms: z
    .number({ message: 'expected an integer number of milliseconds' })
    .int({ message: 'expected an integer number of milliseconds' })
    .min(0, { message: 'must be at least 0' })
    .max(30_000, { message: 'must be at most 30000' })
    .optional(),
  error_rate: rate.optional(),
  rate_limit_rate: rate.optional(),
  retry_after_seconds: z
    .number({ message: 'expected an integer number of seconds' })
    .int({ message: 'expected an integer number of seconds' })
    .min(0, { message: 'must be at least 0' })
    .max(3600, { message: 'must be at most 3600' })
    .optional(),
  webhook_drop_rate: rate.optional(),
  webhook_duplicate_rate: rate.optional(),
  webhook_reorder: z.boolean({ message: 'expected true or false' }).optional(),
});

const KEY = 'faults';

export function readFaults(ctx: SandboxContext): Faults {
  const raw = getMeta(ctx.db, KEY);
  if (!raw) return { ...NO_FAULTS };
  try {
    return { ...NO_FAULTS, ...(JSON.parse(raw) as Partial<Faults>) };
  } catch {
    return { ...NO_FAULTS };
  }
}

/** Replaces the whole set: fields not given take their neutral value. */
export function replaceFaults(ctx: SandboxContext, input: z.infer<typeof faultsSchema>): Faults {
  const faults: Faults = { ...NO_FAULTS, ...input };
  setMeta(ctx.db, KEY, JSON.stringify(faults));
  return faults;
}

export type FaultDecision = { kind: 'none' } | { kind: 'error' } | { kind: 'rate_limit'; retryAfterSeconds: number };

/** Decides the fate of one /v1 request (after the latency, which the caller waits out). */
export function drawRequestFault(ctx: SandboxContext, faults: Faults): FaultDecision {
  if (faults.error_rate > 0 && ctx.random() < faults.error_rate) return { kind: 'error' };
  if (faults.rate_limit_rate > 0 && ctx.random() < faults.rate_limit_rate) {
    return { kind: 'rate_limit', retryAfterSeconds: faults.retry_after_seconds };
  }
  return { kind: 'none' };
}
