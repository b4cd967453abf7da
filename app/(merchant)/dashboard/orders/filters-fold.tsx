import styles from './orders.module.css';

/**
 * The full filter form behind one tap ("Filtrar") on a phone, where the chips above it are the
 * everyday views; open when a filter is set. At a desk the form is always shown (the summary
 * hidden) where the browser can style a <details>' content (::details-content); elsewhere it
 * stays one tap away there too.
 */
export function FiltersFold({ open, children }: { open: boolean; children: React.ReactNode }) {
  return (
    <details className={styles.filtersFold} open={open || undefined}>
      <summary className={styles.filtersSummary}>Filtrar</summary>
      {children}
    </details>
  );
}
