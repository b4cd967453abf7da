import Link from 'next/link';
import { ORDER_CHIPS, type OrderChipKey } from '@/lib/orders';
import styles from './orders.module.css';

/** The chips of Pedidos: "Todos", "Aguardando pagamento", "A enviar" (its own work list), "Enviados", "Cancelados". */
export function OrdersViews({ current, toShip }: { current: OrderChipKey | null; toShip: number }) {
  return (
    <nav aria-label="Visões de pedidos" className={styles.views}>
      {ORDER_CHIPS.map((c) => (
        <Link key={c.key} href={c.href} aria-current={current === c.key ? 'page' : undefined}>
          {c.label}
          {c.key === 'to-ship' ? <span className={styles.viewCount}> {toShip.toLocaleString('pt-BR')}</span> : null}
        </Link>
      ))}
    </nav>
  );
}
