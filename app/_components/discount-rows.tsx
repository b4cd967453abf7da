import { formatBRL } from '@balcao/br/money';
import type { OrderMoney } from '@/lib/orders';

/**
 * An order table's footer rows for its discounts (lib/orders/money-lines.ts): the items'
 * subtotal, then each discount as a negative line; nothing without a discount. For the tables
 * whose last column holds the amounts (the receipt, the merchant's order page).
 */
export function DiscountRows({ money, colSpan, headerClassName }: { money: Pick<OrderMoney, 'discounts' | 'itemsCents'>; colSpan: number; headerClassName?: string }) {
  if (money.discounts.length === 0) return null;
  return (
    <>
      <tr>
        <th scope="row" colSpan={colSpan} className={headerClassName}>
          Itens
        </th>
        <td className="num">{formatBRL(money.itemsCents)}</td>
      </tr>
      {money.discounts.map((d, i) => (
        <tr key={`${d.kind}-${i}`}>
          <th scope="row" colSpan={colSpan} className={headerClassName}>
            {d.label}
          </th>
          <td className="num" data-testid={`${d.kind}-discount`}>
            −{formatBRL(d.cents)}
          </td>
        </tr>
      ))}
    </>
  );
}
