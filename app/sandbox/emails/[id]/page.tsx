import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { refusalMessage } from '@/lib/auth/permissions';
import { ACCOUNT_PATH } from '@/lib/auth';
import { formatDateTimeBR } from '@balcao/br/dates';
import { attachmentPath, catcherAccess, caughtFor } from '@/lib/email/catcher';
import styles from '../emails.module.css';
import sandbox from '../../sandbox.module.css';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'E-mail do sandbox', robots: { index: false, follow: false } };

type Props = { params: Promise<{ id: string }> };

export default async function CaughtEmailPage({ params }: Props) {
  const { id: raw } = await params;
  const access = await catcherAccess();
  if (access === 'off') notFound();
  if (access === 'needs_login') redirect(`/login?${new URLSearchParams({ callbackUrl: `/sandbox/emails/${encodeURIComponent(raw)}` })}`);
  if (access === 'needs_two_factor') redirect(`${ACCOUNT_PATH}?exigido=1`);
  const id = /^\d+$/.test(raw) ? Number(raw) : NaN;
  const mail = await caughtFor(access, id);
  if (!mail) notFound();
  return (
    <main id="conteudo" className={`container stack ${sandbox.footer}`}>
      <p className="small">
        <Link href="/sandbox/emails">← E-mails</Link>
      </p>
      <header className={`stack ${sandbox.header}`}>
        <span className={sandbox.sandboxTag}>Sandbox</span>
        <h1>{mail.subject}</h1>
      </header>
      {access === 'masked' ? <p className="small muted" data-testid="demo-masked">{refusalMessage('demo', 'buyers:read')}</p> : null}
      <section className="card" aria-label="Cabeçalhos">
        <dl className={styles.headers}>
          <dt>De</dt>
          <dd>{mail.fromAddress}</dd>
          <dt>Para</dt>
          <dd>{mail.toAddress}</dd>
          {mail.replyTo ? (
            <>
              <dt>Responder para</dt>
              <dd>{mail.replyTo}</dd>
            </>
          ) : null}
          <dt>Data</dt>
          <dd>
            <time dateTime={mail.createdAt}>{formatDateTimeBR(mail.createdAt)}</time>
          </dd>
          {mail.messageId ? (
            <>
              <dt>Message-ID</dt>
              <dd className="mono small">{mail.messageId}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className="stack" aria-labelledby="html-title">
        <h2 id="html-title">Como o comprador vê (HTML)</h2>
        {/* No allow-scripts, no allow-same-origin: the message cannot run code or reach this page. */}
        <iframe src={`/sandbox/emails/${mail.id}/html`} sandbox="" title={`Conteúdo HTML do e-mail: ${mail.subject}`} className={styles.frame} />
      </section>
      <section className="card stack" aria-labelledby="text-title">
        <h2 id="text-title">Texto simples</h2>
        <pre className={styles.text} data-testid="email-text">
          {mail.text}
        </pre>
      </section>
      <section className="card stack" aria-labelledby="files-title">
        <h2 id="files-title">Anexos</h2>
        {mail.files.length === 0 ? (
          <p className="muted">Nenhum anexo.</p>
        ) : (
          <ul className={styles.files}>
            {mail.files.map((f, i) => (
              <li key={i}>
                <a href={attachmentPath(mail.id, i)} target="_blank" rel="noopener noreferrer">
                  {f.filename}
                </a>{' '}
                <span className="small muted">
                  ({f.contentType}
                  {f.cid ? ', imagem no corpo do e-mail' : ''}, {Math.round((f.base64.length * 3) / 4 / 1024)} KB)
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
