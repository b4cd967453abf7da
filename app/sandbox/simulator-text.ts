import type { SimulatorState } from '@balcao/payment-sandbox';

const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'medium' });

/** A sandbox instant as São Paulo reads it ("27/11/2026, 13:05:09"). */
export const when = (ms: number) => dateTime.format(new Date(ms));

/** How far the sandbox clock runs ahead of the real one, in words. */
export function offsetText(ms: number): string {
  if (ms <= 0) return 'sem avanço: igual ao relógio real';
  const s = Math.round(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = [d && `${d} d`, h && `${h} h`, m && `${m} min`, !d && !h && !m && `${s} s`].filter(Boolean);
  return `adiantado ${parts.join(' ')} em relação ao relógio real`;
}

/** One line per simulated fault that is on (none: an empty list). */
export function faultLines(f: SimulatorState['faults']): string[] {
  return [
    f.latency_ms > 0 && `latência adicional de ${f.latency_ms} ms`,
    f.error_rate > 0 && `${Math.round(f.error_rate * 100)} % das requisições com erro 500`,
    f.rate_limit_rate > 0 && `${Math.round(f.rate_limit_rate * 100)} % com 429 (Retry-After ${f.retry_after_seconds} s)`,
    f.webhook_drop_rate > 0 && `${Math.round(f.webhook_drop_rate * 100)} % dos webhooks descartados`,
    f.webhook_duplicate_rate > 0 && `${Math.round(f.webhook_duplicate_rate * 100)} % dos webhooks duplicados`,
    f.webhook_reorder && 'webhooks fora de ordem',
  ].filter((x): x is string => typeof x === 'string');
}
