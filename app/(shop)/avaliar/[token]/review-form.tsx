import { PendingButton } from '../../_components/pending-button';
import { COMMENT_MAX, starLabel } from '@/lib/reviews/words';
import styles from './review.module.css';
import { sendReviewAction } from './actions';

/**
 * One product's review: "Nota" as five radio buttons in a fieldset (arrow keys move between
 * them; each is read as "3 estrelas"), "Comentário", the name choice and "Enviar avaliação".
 * A plain form: it works without JavaScript.
 */
export function ReviewForm({ token, itemId, shownName, error }: { token: string; itemId: number; shownName: string; error: string | null }) {
  const errorId = `erro-${itemId}`;
  return (
    <form action={sendReviewAction} className="stack" noValidate={false}>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="item" value={itemId} />
      {error ? (
        <p id={errorId} className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      <fieldset className={styles.stars} aria-describedby={error ? errorId : undefined}>
        <legend>Nota</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={styles.star}>
            <input type="radio" name="nota" value={n} required />
            <span aria-hidden="true" className={styles.starGlyphs}>
              {'★'.repeat(n)}
            </span>
            <span>{starLabel(n)}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`comentario-${itemId}`}>Comentário</label>
        <textarea id={`comentario-${itemId}`} name="comentario" rows={4} maxLength={COMMENT_MAX} aria-describedby={`comentario-ajuda-${itemId}`} />
        <p id={`comentario-ajuda-${itemId}`} className="small muted">
          Opcional, até {COMMENT_MAX} caracteres. Links não aparecem como links.
        </p>
      </div>
      {shownName ? (
        <label className={styles.check}>
          <input type="checkbox" name="mostrarNome" />
          <span>Mostrar meu nome como “{shownName}”</span>
        </label>
      ) : null}
      <p>
        <PendingButton pendingText="Enviando…">Enviar avaliação</PendingButton>
      </p>
    </form>
  );
}
