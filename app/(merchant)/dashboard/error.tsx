'use client';

import { useEffect } from 'react';

/** A dashboard page failed to render: say so in Portuguese and offer another try. */
export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="stack" role="alert">
      <h1>Não foi possível carregar esta página</h1>
      <p className="muted">
        Algo deu errado do nosso lado. Tente de novo em instantes.{error.digest ? ` (código ${error.digest})` : ''}
      </p>
      <p>
        <button type="button" className="btn" onClick={reset}>
          Tentar de novo
        </button>
      </p>
    </div>
  );
}
