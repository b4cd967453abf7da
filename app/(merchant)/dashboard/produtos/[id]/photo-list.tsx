import { useActionState } from 'react';
import type { ActionState } from '@/lib/auth';
import { ActionResult } from '../../_components/action-result';
import { movePhotoAction, removePhotoAction } from '../actions';
import styles from '../produtos.module.css';

export type ManagedPhoto = { id: number; thumb: string; width: number; height: number };

/** The product's photos in the shop's order, each with "Tornar capa", ←, → and "Remover". */
export function PhotoList({ productId, productName, photos }: { productId: number; productName: string; photos: ManagedPhoto[] }) {
  return (
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
