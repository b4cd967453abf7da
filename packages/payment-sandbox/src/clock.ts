/**
 * The sandbox clock: real time plus an offset stored in the sandbox database, one clock for
 * every key. Moving it forward (never back) moves due-date validation, activation, scenario
 * outcomes, expiry and webhook back-off together.
 */
import { saoPauloDate } from '@balcao/br/dates';
import type { SandboxContext } from './context';
import { getMeta, setMeta } from './db';

const OFFSET_KEY = 'clock_offset_ms';
/** Ten years: more than any due date plus grace period the API accepts needs. */
export const MAX_ADVANCE_SECONDS = 10 * 366 * 86_400;

export function clockOffsetMs(ctx: SandboxContext): number {
  const raw = getMeta(ctx.db, OFFSET_KEY);
  const n = raw === undefined ? 0 : Number(raw);
  return Number.isFinite(n) ? n : 0;
}

/** Sandbox time, ms since the epoch. */
export function sandboxNow(ctx: SandboxContext): number {
  return ctx.realNow() + clockOffsetMs(ctx);
}

/** Moves the clock forward by `seconds` (≥ 0); returns the new sandbox time. */
export function advanceClock(ctx: SandboxContext, seconds: number): number {
  if (!(Number.isFinite(seconds) && seconds >= 0)) throw new RangeError('advance must be a finite number of seconds, at least 0');
  const offset = clockOffsetMs(ctx) + Math.round(seconds * 1000);
  setMeta(ctx.db, OFFSET_KEY, String(offset));
  return ctx.realNow() + offset;
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Today (YYYY-MM-DD) in São Paulo by the sandbox clock. */
export function sandboxToday(ctx: SandboxContext): string {
  return saoPauloDate(new Date(sandboxNow(ctx)));
}

/** The first instant (ms) of a São Paulo calendar day. */
export function startOfSaoPauloDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  // São Paulo is UTC-3 (UTC-2 under the old summer time): its midnight falls between 00:00 and 06:00 UTC.
  for (let hour = 0; hour <= 6; hour++) {
    const t = Date.UTC(y, m - 1, d, hour);
    if (saoPauloDate(new Date(t)) === date && saoPauloDate(new Date(t - 1)) !== date) return t;
  }
  return Date.UTC(y, m - 1, d, 3);
}
