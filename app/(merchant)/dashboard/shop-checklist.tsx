import Link from 'next/link';
import { identityChecklist, type ShopIdentity } from '@/lib/shop';

/**
 * "Complete os dados da loja": shown on the overview until the shop has its name, legal
 * identity, address and contact (what Decreto 7.962/2013 asks every online shop to show).
 */
export function ShopChecklist({ identity }: { identity: ShopIdentity }) {
  const items = identityChecklist(identity);
  if (items.every((i) => i.done)) return null;
  return (
    <section className="card stack" aria-labelledby="dados-loja-titulo">
      <h2 id="dados-loja-titulo">Complete os dados da loja</h2>
      <p className="muted">Os compradores veem o nome da loja, e a lei pede razão social, CPF ou CNPJ, endereço e contato no site.</p>
      <ul>
        {items.map((i) => (
          <li key={i.key}>
            {i.done ? '✓ ' : ''}
            {i.label}
            <span className="visually-hidden">{i.done ? ': preenchido' : ': falta preencher'}</span>
          </li>
        ))}
      </ul>
      <p>
        <Link href="/dashboard/settings/loja" className="btn btn-secondary">
          Preencher dados da loja
        </Link>
      </p>
    </section>
  );
}
