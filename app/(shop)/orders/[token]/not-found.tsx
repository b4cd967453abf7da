import Link from 'next/link';

export default function OrderNotFound() {
  return (
    <main className="container stack">
      <h1>Pedido não encontrado</h1>
      <p>Não achamos um pedido com este endereço. Confira se o link foi copiado inteiro.</p>
      <p>
        <Link href="/" className="btn">
          Voltar à loja
        </Link>
      </p>
    </main>
  );
}
