import Link from 'next/link';
import { POLICIES } from '@/lib/shop';

/** Beside the buttons that end a purchase: what finishing it agrees to, with both texts one tap away. */
export function TermsConsent() {
  return (
    <p className="small muted">
      Ao finalizar, você concorda com os <Link href={POLICIES.termos.path}>Termos</Link> e a{' '}
      <Link href={POLICIES.privacidade.path}>Política de privacidade</Link>.
    </p>
  );
}
