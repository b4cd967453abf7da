import Link from 'next/link';
import { whatsAppUrl } from '@balcao/br/phone';
import { formatShopAddress, formatShopDocument, formatWhatsapp, type ShopIdentity, POLICIES, POLICY_KEYS } from '@/lib/shop';
import styles from '../shop.module.css';

/**
 * Every shopper page's foot: who sells (Decreto 7.962/2013, art. 2: name, CPF or CNPJ,
 * address, contact), the policies, and a small credit for the checkout behind the shop.
 */
export function ShopFooter({ shop }: { shop: ShopIdentity }) {
  const address = formatShopAddress(shop.address);
  const legal = [shop.legalName, formatShopDocument(shop.document)].filter(Boolean).join(' · ');
  return (
    <footer className={styles.footer}>
      <div className="container">
        <p className="small">
          <strong>{shop.name}</strong>
          {shop.description ? ` · ${shop.description}` : ''}
        </p>
        {legal ? <p className="small muted">{legal}</p> : null}
        {address ? (
          <address className="small muted">{address}</address>
        ) : null}
        {shop.contactEmail || shop.whatsapp ? (
          <p className="small">
            Contato:{' '}
            {shop.contactEmail ? <a href={`mailto:${shop.contactEmail}`}>{shop.contactEmail}</a> : null}
            {shop.contactEmail && shop.whatsapp ? ' · ' : null}
            {shop.whatsapp ? (
              <a href={whatsAppUrl(shop.whatsapp)} rel="noopener noreferrer">
                WhatsApp {formatWhatsapp(shop.whatsapp)}
              </a>
            ) : null}
          </p>
        ) : null}
        <nav aria-label="Políticas da loja">
          <ul className={styles.footerLinks}>
            {POLICY_KEYS.map((k) => (
              <li key={k}>
                <Link href={POLICIES[k].path}>{POLICIES[k].title}</Link>
              </li>
            ))}
            <li>
              <Link href="/cookies">Preferências de cookies</Link>
            </li>
          </ul>
        </nav>
        <p className={`small muted ${styles.credit}`}>Pagamentos por Balcão</p>
      </div>
    </footer>
  );
}
