import Link from 'next/link';

export default function PayLinkNotFound() {
  return (
    <main className="container stack">
      <h1>Link de pagamento não encontrado</h1>
      <p>Não achamos um link com este endereço. Confira se ele foi copiado inteiro, ou peça o link de novo à loja.</p>
      <p>
        <Link href="/" className="btn btn-secondary">
          Ver a loja
        </Link>
      </p>
    </main>
  );
}
