'use client';

import { useEffect, useState } from 'react';
import type { PhotoProgress } from '@/lib/catalog/imaging';

const POLL_MS = 1500;

export function photoProgressText(p: PhotoProgress): string {
  if (p.total === 0) return 'Nenhuma foto para baixar.';
  const failed = p.failed > 0 ? ` (${p.failed} não ${p.failed === 1 ? 'pôde' : 'puderam'} ser ${p.failed === 1 ? 'baixada' : 'baixadas'}: endereço recusado, fora do ar ou não é uma foto)` : '';
  return p.finished ? `Fotos: ${p.done} de ${p.total} baixadas${failed}.` : `Baixando fotos: ${p.done + p.failed} de ${p.total}${failed}…`;
}

/** The import's photo progress, polled until every photo was tried (without JavaScript: the link reloads it). */
export function PhotoProgressLine({ importId, initial }: { importId: string; initial: PhotoProgress }) {
  const [progress, setProgress] = useState(initial);
  useEffect(() => {
    if (progress.finished) return;
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/dashboard/produtos/importar/${importId}/status`, { cache: 'no-store' });
        if (res.ok) setProgress((await res.json()) as PhotoProgress);
      } catch {
        // Offline for a moment: the next poll tries again.
        setProgress((p) => ({ ...p }));
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [importId, progress]);
  return (
    <p role="status" aria-live="polite" data-testid="photo-progress">
      {photoProgressText(progress)}{' '}
      {progress.finished ? null : (
        <a href={`/dashboard/produtos/importar/${importId}`} className="small">
          Atualizar
        </a>
      )}
    </p>
  );
}
