import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { refusalMessage } from '@/lib/auth/permissions';
import { hasFullSimulatorAccess } from '@/lib/demo/simulator-access';
import { conversationViews, whatsappCatcherAccess } from '@/lib/whatsapp/catcher';
import { AutoRefresh } from '../auto-refresh';
import sandbox from '../sandbox.module.css';
import { ConversationCard } from './conversation-card';
import styles from './whatsapp.module.css';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'WhatsApp do comprador', robots: { index: false, follow: false } };

/** The WhatsApp catcher: each buyer's conversation with the shop, as the embedded Cloud API sandbox delivered it. */
export default async function WhatsappCatcherPage() {
  const access = await whatsappCatcherAccess();
  if (access === 'off') notFound();
  if (access === 'needs_login') redirect(`/login?${new URLSearchParams({ callbackUrl: '/sandbox/whatsapp' })}`);
  const [list, canReply] = await Promise.all([conversationViews(access), hasFullSimulatorAccess()]);
  return (
    <main id="conteudo" className={`container stack ${sandbox.footer}`}>
      <header className={`stack ${sandbox.header}`}>
        <span className={sandbox.sandboxTag}>Sandbox</span>
        <h1>WhatsApp do comprador</h1>
        <p className="muted">
          As mensagens que a loja enviou pelo sandbox do WhatsApp Cloud API, como o celular do comprador as mostraria. Finais 9999 (não entregue), 9998
          (limite de envios) e 9997 (lento) simulam falhas. <Link href="/sandbox">Voltar ao simulador</Link>
        </p>
        <AutoRefresh />
      </header>
      {access === 'masked' ? (
        <p className="small muted" data-testid="demo-masked">
          {refusalMessage('demo', 'buyers:read')}
        </p>
      ) : null}
      {list.length === 0 ? (
        <p className="card muted">Nenhuma conversa ainda. Faça um pedido com um celular e marque &quot;Receber atualizações pelo WhatsApp&quot;.</p>
      ) : (
        <div className={styles.list}>
          {list.map((c) => (
            <ConversationCard key={c.ref} c={c} canReply={canReply && access === 'open'} />
          ))}
        </div>
      )}
    </main>
  );
}
