import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { refusalMessage } from '@/lib/auth/permissions';
import { ACCOUNT_PATH } from '@/lib/auth';
import { formatDateTimeBR } from '@balcao/br/dates';
import { catcherAccess, listCaught } from '@/lib/email/catcher';
import { EMAIL_KIND_LABELS } from '@/lib/email';
import { env } from '@/lib/config/env';
import type { EmailKind } from '@/db/schema';
import styles from './emails.module.css';
import sandbox from '../sandbox.module.css';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'E-mails do sandbox', robots: { index: false, follow: false } };

export default async function CaughtEmailsPage() {
  const access = await catcherAccess();
  if (access === 'off') notFound();
  if (access === 'needs_login') redirect(`/login?${new URLSearchParams({ callbackUrl: '/sandbox/emails' })}`);
  if (access === 'needs_two_factor') redirect(`${ACCOUNT_PATH}?exigido=1`);
  const mails = await listCaught(access);
  const mode = env().email.mode;
  return (
    <main id="conteudo" className={`container stack ${sandbox.footer}`}>
      <header className={`stack ${sandbox.header}`}>
        <span className={sandbox.sandboxTag}>Sandbox</span>
        <h1>E-mails enviados aos compradores</h1>
        <p className="muted">
          {mode === 'catcher'
            ? 'Sem SMTP_URL configurado, os e-mails da loja ficam guardados aqui em vez de sair para a internet.'
            : 'SMTP_URL está configurado: os e-mails novos saem pelo servidor SMTP. Aqui ficam só os guardados antes.'}{' '}
          <Link href="/sandbox">Voltar ao simulador</Link>
        </p>
      </header>
      {access === 'masked' ? <p className="small muted" data-testid="demo-masked">{refusalMessage('demo', 'buyers:read')}</p> : null}
      {mails.length === 0 ? (
        <p className="card muted">Nenhum e-mail ainda. Faça um pedido na loja: as instruções de pagamento aparecem aqui em segundos.</p>
      ) : (
        <ol className={styles.list} aria-label="E-mails">
          {mails.map((m) => (
            <li key={m.id} className={`card ${styles.item}`}>
              <Link href={`/sandbox/emails/${m.id}`}>{m.subject}</Link>
              <span className={styles.meta}>
                <span>Para {m.toAddress}</span>
                {m.kind && m.kind in EMAIL_KIND_LABELS ? <span>{EMAIL_KIND_LABELS[m.kind as EmailKind]}</span> : null}
                <time dateTime={m.createdAt}>{formatDateTimeBR(m.createdAt)}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
