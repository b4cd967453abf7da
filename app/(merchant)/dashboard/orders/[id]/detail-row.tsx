import styles from './order.module.css';

/** One line of a card's `<dl>`: its label and its value. */
export function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
