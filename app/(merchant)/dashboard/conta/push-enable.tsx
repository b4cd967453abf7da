'use client';

import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { registerDashboardWorker } from '../pwa-register';

type Phase = 'checking' | 'unsupported' | 'denied' | 'off' | 'working' | 'on';

const MESSAGES: Partial<Record<Phase, string>> = {
  unsupported: 'Este navegador não recebe notificações. No iPhone, adicione o painel à Tela de Início (Compartilhar → Adicionar à Tela de Início) e abra por lá.',
  denied: 'As notificações estão bloqueadas para este site. Libere nas configurações do navegador (cadeado ao lado do endereço) e tente de novo.',
  on: 'Este aparelho recebe notificações.',
};

/** What this browser can do and whether it already pushes to this account. */
async function currentPhase(knownEndpoints: string[]): Promise<Phase> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await navigator.serviceWorker.getRegistration('/dashboard');
  const sub = await reg?.pushManager.getSubscription();
  return sub && knownEndpoints.includes(sub.endpoint) ? 'on' : 'off';
}

/** "Ativar notificações neste aparelho": the browser's permission, then the subscription, sent to the shop. */
export function PushEnable({ vapidPublicKey, knownEndpoints }: { vapidPublicKey: string; knownEndpoints: string[] }) {
  const router = useRouter();
  const [phase, setPhase] = useState<Phase>('checking');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void currentPhase(knownEndpoints).then((p) => live && setPhase(p));
    return () => {
      live = false;
    };
  }, [knownEndpoints]);

  async function enable() {
    setError(null);
    setPhase('working');
    try {
      if ((await Notification.requestPermission()) !== 'granted') return setPhase('denied');
      const reg = await registerDashboardWorker();
      const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidPublicKey }));
      const res = await fetch('/api/dashboard/push-subscriptions', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(sub.toJSON()) });
      if (!res.ok) throw new Error(((await res.json().catch(() => null)) as { error?: string } | null)?.error ?? 'Não foi possível ativar agora.');
      setPhase('on');
      router.refresh();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'Não foi possível ativar agora.');
      setPhase('off');
    }
  }

  return (
    <div className="stack" data-testid="push-enable" data-phase={phase}>
      {MESSAGES[phase] ? <p className={phase === 'on' ? 'alert alert-success' : 'alert alert-info'}>{MESSAGES[phase]}</p> : null}
      {phase === 'off' || phase === 'working' || phase === 'checking' ? (
        <button type="button" className="btn btn-primary" onClick={enable} disabled={phase !== 'off'}>
          {phase === 'working' ? 'Ativando…' : 'Ativar notificações neste aparelho'}
        </button>
      ) : null}
      <div aria-live="polite">{error ? <p className="alert alert-error" role="alert">{error}</p> : null}</div>
    </div>
  );
}
