import type { Metadata } from 'next';
import { env } from '@/lib/config/env';
import { shopNow } from '@/lib/embedded-provider/clock';
import { previewRestore } from '@/lib/checkout';
import { RestoreFailed } from '../restore-failed';

export const metadata: Metadata = { title: 'Retomar compra', robots: { index: false, follow: false }, referrer: 'same-origin' };

type Props = { params: Promise<{ token: string }> };

/**
 * The reminder's "Finalizar minha compra" link opens this page. Opening it spends nothing — mail
 * scanners and link previews fetch every link of an e-mail — only the button (a form POST, so it
 * works without JavaScript) restores the saved checkout (./usar/route.ts). Referrer
 * `same-origin`: the link's token never leaves for another site, and the POST keeps its Origin.
 */
export default async function RestorePage({ params }: Props) {
  const { token } = await params;
  const preview = await previewRestore(decodeURIComponent(token), env().authSecret, shopNow());
  return (
    <main className="container stack">
      <h1>Retomar compra</h1>
      {preview.ok ? (
        <>
          <p>Sua compra ficou salva: os produtos e os dados que você digitou voltam para este navegador.</p>
          <form method="post" action={`/checkout/retomar/${encodeURIComponent(decodeURIComponent(token))}/usar`}>
            <button type="submit" className="btn btn-primary">
              Continuar a compra
            </button>
          </form>
        </>
      ) : (
        <RestoreFailed reason={preview.reason} />
      )}
    </main>
  );
}
