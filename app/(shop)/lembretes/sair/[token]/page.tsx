import type { Metadata } from 'next';
import Link from 'next/link';
import { env } from '@/lib/config/env';
import { unsubscribeByToken } from '@/lib/checkout';

export const metadata: Metadata = { title: 'Lembretes', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** "Não quero receber lembretes": one click from the e-mail, no sign-in (the signed link is the proof). */
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const ok = await unsubscribeByToken(decodeURIComponent(token), env().authSecret);
  return (
    <main className="container stack">
      <h1>Lembretes de carrinho</h1>
      {ok ? (
        <p className="alert alert-success" role="status">
          Pronto: você não vai mais receber lembretes de compras não finalizadas desta loja.
        </p>
      ) : (
        <p className="alert alert-warning" role="status">
          Este link não é válido. Confira se ele foi copiado inteiro.
        </p>
      )}
      <p>
        <Link href="/">Voltar à loja</Link>
      </p>
    </main>
  );
}
