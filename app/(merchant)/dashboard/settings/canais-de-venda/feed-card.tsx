import { formatDateTimeBR } from '@balcao/br/dates';
import { CopyButton } from '@/app/_components/copy-button';

/** One channel's feed: its address with "Copiar", and when the channel last fetched it. */
export function FeedCard({ title, url, fetchedAt, help }: { title: string; url: string; fetchedAt: string | null; help: React.ReactNode }) {
  const id = title.toLowerCase().replace(/[^a-z]+/g, '-');
  return (
    <section className="card stack" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <div className="field">
        <label htmlFor={`${id}-url`}>Endereço do feed</label>
        <input id={`${id}-url`} readOnly value={url} />
      </div>
      <p>
        <CopyButton value={url} />
      </p>
      <p className="small muted">{fetchedAt ? `Última busca: ${formatDateTimeBR(fetchedAt)}` : 'Ainda não foi buscado.'}</p>
      <div className="small">{help}</div>
    </section>
  );
}
