import Link from 'next/link';

export default function LinkNotFound() {
  return (
    <div className="stack">
      <h1>Link não encontrado</h1>
      <p className="muted">Este link de pagamento não existe. Confira o endereço.</p>
      <p>
        <Link href="/dashboard/links" className="btn btn-secondary">
          Ver links de pagamento
        </Link>
      </p>
    </div>
  );
}
