import Link from 'next/link';
import type { ChoiceGroup } from '@/lib/catalog';
import styles from './product.module.css';

/**
 * One radio group of buttons per option ("Tamanho": P, M, G). Each value is a link to the
 * variant it makes (`?variante=<id>`): the page is the same with or without JavaScript, and a
 * choice can be shared. A value that only makes sold-out combinations is shown, not chosen.
 */
export function VariantPicker({ slug, groups, chosenName }: { slug: string; groups: ChoiceGroup[]; chosenName: string }) {
  return (
    <div className={styles.options}>
      {groups.map((g, i) => (
        <div key={g.name} role="radiogroup" aria-labelledby={`opcao-${i}`} className={styles.option}>
          <p id={`opcao-${i}`} className={styles.optionName}>
            {g.name}
          </p>
          <div className={styles.optionValues}>
            {g.values.map((v) =>
              v.variantId === null ? (
                <span key={v.value} role="radio" aria-checked="false" aria-disabled="true" className={`${styles.value} ${styles.valueOff}`}>
                  {v.value}
                  <span className="visually-hidden"> (esgotado)</span>
                </span>
              ) : (
                <Link
                  key={v.value}
                  role="radio"
                  aria-checked={v.checked}
                  href={`/products/${slug}?variante=${v.variantId}`}
                  replace
                  scroll={false}
                  className={`${styles.value} ${v.checked ? styles.valueOn : ''}`}
                >
                  {v.value}
                </Link>
              ),
            )}
          </div>
        </div>
      ))}
      <p className="visually-hidden" aria-live="polite">
        Escolhido: {chosenName}
      </p>
    </div>
  );
}
