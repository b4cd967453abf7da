'use client';

import { useRouter } from 'next/navigation';
import { useActionState, useRef, useState } from 'react';
import type { ActionState } from '@/lib/auth/action-state';
import { ActionResult } from '../../_components/action-result';
import { movePhotoAction, removePhotoAction } from '../actions';
import styles from '../produtos.module.css';

export type ManagedPhoto = { id: number; thumb: string; width: number; height: number };

const MAX_BYTES = 10 * 1024 * 1024;
type Status = { name: string; text: string; ok: boolean };

/** Above this, a photo the browser can decode is first reduced here (some hosts cap a request at 4.5 MB). */
const SHRINK_ABOVE_BYTES = 4 * 1024 * 1024;
const SHRINK_TO_PX = 2560;

/**
 * A large photo is redrawn at most 2560 px on its long side as a JPEG before it is sent: a 12 MP
 * phone photo then travels in well under a megabyte and fits any host's request limit. The
 * server checks and re-encodes whatever arrives; a file the browser cannot decode goes as is.
 */
async function shrinkIfLarge(file: File): Promise<Blob> {
  if (file.size <= SHRINK_ABOVE_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, SHRINK_TO_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}

/** Sends one file's bytes to the upload route, reporting progress; resolves with the pt-BR outcome. */
function send(productId: number, file: Blob, onProgress: (fraction: number) => void): Promise<{ ok: boolean; error?: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/dashboard/products/${productId}/photos`);
    // The server decides what the bytes are; the browser's guess from the name is not sent.
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as { ok: boolean; error?: string });
      } catch {
        resolve({ ok: false, error: 'O servidor não respondeu como esperado. Tente novamente.' });
      }
    };
    xhr.onerror = () => resolve({ ok: false, error: 'Falha de conexão. Confira a internet e tente novamente.' });
    xhr.send(file);
  });
}

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
      if (file.size > MAX_BYTES) {
        results.push({ name: file.name, text: 'Não enviada: a foto pode ter no máximo 10 MB.', ok: false });
        continue;
      }
      setBusy({ name: file.name, progress: 0 });
      const body = await shrinkIfLarge(file);
      const r = await send(productId, body, (progress) => setBusy({ name: file.name, progress }));
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
      {photos.length > 0 ? (
        <ol className={styles.photos} aria-label="Fotos do produto, na ordem da loja">
          {photos.map((p, i) => (
            <li key={p.id} className={`card ${styles.photo}`}>
              {/* eslint-disable-next-line @next/next/no-img-element -- our own WebP, already sized */}
              <img src={p.thumb} alt={`Foto ${i + 1} de ${productName}`} width={p.width} height={p.height} loading="lazy" />
              {i === 0 ? <span className={styles.cover}>Capa</span> : <span className="small muted">Foto {i + 1}</span>}
              <div className={styles.photoActions}>
                {i > 0 ? <PhotoButton action={movePhotoAction} productId={productId} photoId={p.id} to="cover" label="Tornar capa" /> : null}
                {i > 0 ? <PhotoButton action={movePhotoAction} productId={productId} photoId={p.id} to="earlier" label="←" ariaLabel={`Mover a foto ${i + 1} para antes`} /> : null}
                {i < photos.length - 1 ? <PhotoButton action={movePhotoAction} productId={productId} photoId={p.id} to="later" label="→" ariaLabel={`Mover a foto ${i + 1} para depois`} /> : null}
                <PhotoButton action={removePhotoAction} productId={productId} photoId={p.id} label="Remover" ariaLabel={`Remover a foto ${i + 1}`} />
              </div>
            </li>
          ))}
        </ol>
      ) : null}
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

function PhotoButton({
  action,
  productId,
  photoId,
  to,
  label,
  ariaLabel,
}: {
  action: (prev: ActionState, form: FormData) => Promise<ActionState>;
  productId: number;
  photoId: number;
  to?: string;
  label: string;
  ariaLabel?: string;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="photoId" value={photoId} />
      {to ? <input type="hidden" name="to" value={to} /> : null}
      <button type="submit" className="btn btn-ghost" disabled={pending} aria-label={ariaLabel}>
        {label}
      </button>
      {state && !state.ok ? <ActionResult state={state} /> : null}
    </form>
  );
}
