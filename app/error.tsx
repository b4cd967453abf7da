'use client';

import Link from 'next/link';

/** Last-resort error page: nothing technical on screen; the error is in the server log. */
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="conteudo" className="container" style={{ padding: '3rem 1rem', maxWidth: 560 }}>
      <h1>Algo deu errado</h1>
      <p className="muted">Não conseguimos mostrar esta página agora. Tente de novo em instantes.</p>
      <div className="row">
        <button type="button" className="btn" onClick={() => reset()}>
          Tentar de novo
        </button>
        <Link className="btn btn-secondary" href="/">
          Voltar à loja
        </Link>
      </div>
    </main>
  );
}
