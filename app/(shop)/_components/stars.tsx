import { averageText } from '@/lib/reviews/words';
import styles from './stars.module.css';

/** An average as five stars filled to its share, read as "4,7 de 5 estrelas"; the count beside it when given. */
export function Stars({ average, count, className }: { average: number; count?: number; className?: string }) {
  const share = `${Math.max(0, Math.min(5, average)) * 20}%`;
  return (
    <span className={`${styles.rating} ${className ?? ''}`}>
      <span role="img" aria-label={`${averageText(average)} de 5 estrelas`} className={styles.stars}>
        <span aria-hidden="true" className={styles.empty}>
          ★★★★★
        </span>
        <span aria-hidden="true" className={styles.full} style={{ width: share }}>
          ★★★★★
        </span>
      </span>
      {count !== undefined ? <span className={styles.count}>({count})</span> : null}
    </span>
  );
}
