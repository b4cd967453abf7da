import type { Metadata } from 'next';
import { formatDateBR } from '@balcao/br/dates';
import { ACTION_WORD, fileSizeText, ACCESS_MAX_USES, startPath } from '@/lib/digital';
import { previewDigitalAccess, resumeDigitalSession } from '@/lib/fulfilment';
import { getShopIdentity } from '@/lib/shop';

export async function generateMetadata(): Promise<Metadata> {
  const shop = await getShopIdentity();
  return { title: { absolute: `Seu produto digital · ${shop.name}` }, robots: { index: false, follow: false }, referrer: 'same-origin' };
}

type Props = { params: Promise<{ token: string }>; searchParams: Promise<{ sessao?: string | string[] }> };

/**
 * The page a digital product's link opens (the paid e-mail's "Baixar" / "Acessar"): the product
 * and a button. Opening it spends nothing — a mail provider's scanner fetches every link of an
 * e-mail before the buyer does — only the button (a form POST, so it works without JavaScript)
 * is a use. After "Acessar", the same page shows the link or the text (`?sessao=…`).
 * Outside the shop's layout on purpose: no pixel script ever sees this address. Referrer
 * `same-origin`: nothing of it leaves for another site, and the button's POST still carries its
 * Origin (`no-referrer` would make it `null`, which the route refuses).
 */
export default async function DigitalLinkPage({ params, searchParams }: Props) {
  const [{ token }, { sessao }, shop] = await Promise.all([params, searchParams, getShopIdentity()]);
  return (
    <main id="conteudo" className="container" tabIndex={-1} style={{ maxWidth: '36rem', paddingBlock: '2rem' }}>
      <p className="small muted">{shop.name}</p>
      {typeof sessao === 'string' ? <Opened token={token} session={sessao} /> : <Offer token={token} />}
    </main>
  );
}

async function Offer({ token }: { token: string }) {
  const preview = await previewDigitalAccess(token);
  if (!preview.ok) return <Refused error={preview.error} />;
  return (
    <section className="card stack" aria-labelledby="produto-titulo" data-testid="digital-link">
      <h1 id="produto-titulo">{preview.name}</h1>
      {preview.fileLabel ? (
        <p>
          Arquivo {preview.fileLabel}
          {preview.fileSize ? `, ${fileSizeText(preview.fileSize)}` : ''}
        </p>
      ) : null}
      <form method="post" action={startPath(token)}>
        <button type="submit" className="btn btn-primary">
          {ACTION_WORD[preview.kind]}
        </button>
      </form>
      <p className="small muted">
        Este link vale até {formatDateBR(preview.expiresAt)} e ainda pode ser usado {preview.usesLeft} de {ACCESS_MAX_USES} vezes. Cada toque em &quot;{ACTION_WORD[preview.kind]}&quot; conta
        uma vez{preview.kind === 'file' ? '; por 6 horas, o download pode ser retomado sem contar de novo' : ''}.
      </p>
    </section>
  );
}

async function Opened({ token, session }: { token: string; session: string }) {
  const use = await resumeDigitalSession(token, session);
  if (!use.ok) return <Refused error={use.error} />;
  return (
    <section className="card stack" aria-labelledby="produto-titulo" data-testid="digital-opened">
      <h1 id="produto-titulo">{use.name}</h1>
      {use.kind === 'link' && use.url ? (
        <p>
          <a href={use.url} rel="noopener noreferrer" className="btn btn-primary">
            Abrir o link do produto
          </a>
        </p>
      ) : null}
      {use.kind === 'text' && use.text ? (
        <div>
          <h2 className="small muted">Seu acesso</h2>
          <p style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="digital-text">
            {use.text}
          </p>
        </div>
      ) : null}
      {use.kind === 'file' ? (
        <p>
          {/* The session's own address: downloading again within it spends nothing. */}
          <a href={`${startPath(token)}?sessao=${encodeURIComponent(session)}`} className="btn btn-primary">
            Baixar
          </a>
        </p>
      ) : null}
    </section>
  );
}

function Refused({ error }: { error: string }) {
  return (
    <section className="card stack" aria-labelledby="produto-titulo">
      <h1 id="produto-titulo">Produto digital</h1>
      <p className="alert alert-error" role="alert" data-testid="digital-refused">
        {error}
      </p>
    </section>
  );
}
