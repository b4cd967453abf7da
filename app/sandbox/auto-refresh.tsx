'use client';
/** Re-reads the simulator every few seconds (paused while a field has focus), so state changes show up by themselves. */
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';

export function AutoRefresh({ seconds = 3 }: { seconds?: number }) {
  const router = useRouter();
  const [on, setOn] = useState(true);
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => {
      const active = document.activeElement;
      if (active && ['INPUT', 'TEXTAREA', 'SELECT'].includes(active.tagName) && (active as HTMLInputElement).type !== 'checkbox') return;
      router.refresh();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [on, router, seconds]);
  return (
    <label className="row small">
      <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} /> Atualizar automaticamente a cada {seconds} s
    </label>
  );
}
