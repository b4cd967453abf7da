'use client';

import { useSyncExternalStore } from 'react';
import { formatTimeLeft } from '@/lib/orders/words';

function subscribeSecond(onTick: () => void) {
  const t = setInterval(onTick, 1000);
  return () => clearInterval(t);
}
const nowSeconds = () => Math.floor(Date.now() / 1000);
const serverSnapshot = () => null;

/** "Faltam 23 h 59 min" until `deadline` (ISO), ticking every second; empty on the server. */
export function Countdown({ deadline }: { deadline: string }) {
  const now = useSyncExternalStore(subscribeSecond, nowSeconds, serverSnapshot);
  const end = Date.parse(deadline);
  if (now === null || Number.isNaN(end)) return <span aria-hidden="true">&nbsp;</span>;
  const left = end - now * 1000;
  if (left <= 0) return <span role="timer">Prazo encerrado — confirmando com o banco…</span>;
  return <span role="timer">Faltam {formatTimeLeft(left)}</span>;
}
