'use client';

import { useEffect, useState } from 'react';

type InstallPrompt = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

/**
 * "Instalar": shown only where the browser offers to install the dashboard (Chrome, Edge,
 * Samsung Internet fire `beforeinstallprompt`) and the dashboard is not already open as the app.
 */
export function InstallHint() {
  const [prompt, setPrompt] = useState<InstallPrompt | null>(null);
  useEffect(() => {
    const keep = (e: Event) => {
      e.preventDefault();
      setPrompt(e as InstallPrompt);
    };
    const gone = () => setPrompt(null);
    window.addEventListener('beforeinstallprompt', keep);
    window.addEventListener('appinstalled', gone);
    return () => {
      window.removeEventListener('beforeinstallprompt', keep);
      window.removeEventListener('appinstalled', gone);
    };
  }, []);
  if (!prompt) return null;
  return (
    <div className="alert alert-info" data-testid="install-hint">
      <p>Instale o painel neste aparelho: ele abre como um aplicativo, com o ícone da loja.</p>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={async () => {
          await prompt.prompt();
          await prompt.userChoice;
          setPrompt(null);
        }}
      >
        Instalar
      </button>
    </div>
  );
}
