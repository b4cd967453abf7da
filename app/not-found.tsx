import Link from 'next/link';

export const metadata = { title: 'Página não encontrada' };

export default function NotFound() {
  return (
    <main id="conteudo" className="container" style={{ padding: '3rem 1rem', maxWidth: 560 }}>
      <h1>Página não encontrada</h1>
      <p className="muted">O endereço pode ter sido digitado errado ou a página não existe mais.</p>
      <p>
        <Link className="btn" href="/">
          Ver produtos
        </Link>
      </p>
    </main>
  );
}
