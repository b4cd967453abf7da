import Link from 'next/link';

export default function OrderNotFound() {
  return (
    <div className="stack">
      <h1>Pedido não encontrado</h1>
      <p className="muted">Confira o endereço ou procure o pedido na lista.</p>
      <p>
        <Link href="/dashboard/orders" className="btn btn-secondary">
          Ver pedidos
        </Link>
      </p>
    </div>
  );
}
