import Link from 'next/link';

export default function ProductNotFound() {
  return (
    <main className="container stack">
      <h1>Produto não encontrado</h1>
      <p>Este produto não existe ou saiu do catálogo.</p>
      <p>
        <Link href="/" className="btn">
          Ver produtos
        </Link>
      </p>
    </main>
  );
}
