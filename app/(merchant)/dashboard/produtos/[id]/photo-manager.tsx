'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { PhotoList, type ManagedPhoto } from './photo-list';
import { MAX_PHOTO_BYTES, sendPhoto, shrinkIfLarge } from './photo-upload-client';
import styles from '../produtos.module.css';

type Status = { name: string; text: string; ok: boolean };

export function PhotoManager({
  productId,
  productName,
  photos,
  max,
  hasIllustration = false,
}: {
  productId: number;
  productName: string;
  photos: ManagedPhoto[];
  max: number;
  /** The product has an illustration of its own (the seed's SVGs) that shows while it has no photo. */
  hasIllustration?: boolean;
}) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<{ name: string; progress: number } | null>(null);
  const [statuses, setStatuses] = useState<Status[]>([]);
  const room = max - photos.length;

  async function upload(files: File[]) {
    const results: Status[] = [];
    let sent = 0;
    for (const file of files) {
      if (sent >= room) {
        results.push({ name: file.name, text: `Não enviada: cada produto pode ter até ${max} fotos.`, ok: false });
        continue;
      }
      if (file.size > MAX_PHOTO_BYTES) {
        results.push({ name: file.name, text: 'Não enviada: a foto pode ter no máximo 10 MB.', ok: false });
        continue;
      }
      setBusy({ name: file.name, progress: 0 });
      const body = await shrinkIfLarge(file);
      const r = await sendPhoto(productId, body, (progress) => setBusy({ name: file.name, progress }));
      if (r.ok) sent++;
      results.push({ name: file.name, text: r.ok ? 'Enviada.' : (r.error ?? 'Não foi possível enviar.'), ok: r.ok });
    }
    setBusy(null);
    setStatuses(results);
    if (input.current) input.current.value = '';
    if (sent > 0) router.refresh();
  }

  return (
    <section className="card stack" aria-labelledby="fotos-titulo">
      <h2 id="fotos-titulo">Fotos</h2>
      <p className="small muted">
        Até {max} fotos JPEG, PNG ou WebP de até 10 MB cada. A primeira é a capa. Guardamos cópias otimizadas, sem os dados de localização da câmera.
      </p>
      {photos.length === 0 ? (
        <p className="alert alert-info small">
          Este produto ainda não tem fotos: a loja mostra {hasIllustration ? 'a ilustração atual' : 'uma ilustração neutra'}.
        </p>
      ) : null}
      {photos.length > 0 ? <PhotoList productId={productId} productName={productName} photos={photos} /> : null}
      <div className={styles.drop}>
        <button type="button" className="btn btn-secondary" disabled={room <= 0 || !!busy} onClick={() => input.current?.click()} aria-describedby="fotos-hint" style={{ alignSelf: 'flex-start' }}>
          {busy ? 'Enviando…' : 'Adicionar fotos'}
        </button>
        <input
          ref={input}
          id="fotos"
          type="file"
          hidden
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          multiple
          disabled={room <= 0 || !!busy}
          onChange={(e) => {
            const files = [...(e.currentTarget.files ?? [])];
            if (files.length) void upload(files);
          }}
        />
        <p id="fotos-hint" className="field-hint">
          {room > 0 ? `Você pode adicionar mais ${room === 1 ? '1 foto' : `${room} fotos`}.` : `Limite de ${max} fotos atingido: remova uma para enviar outra.`}
        </p>
        {busy ? (
          <div role="status">
            <span className="small">
              Enviando {busy.name}… {Math.round(busy.progress * 100)}%
            </span>
            <progress className={styles.progress} max={1} value={busy.progress} aria-label={`Envio de ${busy.name}`} />
          </div>
        ) : null}
        <div aria-live="polite">
          {statuses.length > 0 ? (
            <ul className="small" style={{ margin: 0, paddingLeft: '1.1rem' }}>
              {statuses.map((s, i) => (
                <li key={i} className={s.ok ? undefined : 'field-error'}>
                  {s.name}: {s.text}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </section>
  );
}
