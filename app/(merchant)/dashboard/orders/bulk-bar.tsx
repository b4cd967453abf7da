import Link from 'next/link';
import { can, type Role } from '@/lib/auth/permissions';
import { SELECTION_MAX } from '@/lib/orders/admin';
import { BULK_ACTIONS } from './bulk-actions-list';
import styles from './orders.module.css';
import { SelectedCount } from './selected-count';

/** The bulk bar's form: the list's checkboxes join it by this id (`form=`), wherever they sit. */
export const BULK_FORM_ID = 'pedidos-selecionados';

type Props = {
  role: Role | null;
  /** The list's own query (its filters, or view=a-enviar): "todos os N do filtro" sends it. */
  query: URLSearchParams;
  total: number;
  shown: number;
  /** "Selecionar a página": this same page with every row checked (a link: no JavaScript needed). */
  selectPageHref: string;
  clearHref: string;
  pageSelected: boolean;
  scope: 'filtro' | 'lista';
  /** The list itself: inside the form, so that the actions' row above it can stay in sight (sticky) while it scrolls. */
  children: React.ReactNode;
};

/**
 * "Ações em lote": select orders (each row's checkbox, "Selecionar a página", or "Todos os N do
 * filtro"), then one of BULK_ACTIONS. A plain GET form, so it works without JavaScript.
 */
export function BulkBar({ role, query, total, shown, selectPageHref, clearHref, pageSelected, scope, children }: Props) {
  if (total === 0) return children;
  const actions = BULK_ACTIONS.filter((a) => can(role, a.permission));
  return (
    <form id={BULK_FORM_ID} method="get" action={actions[0].action} className={styles.bulkForm} aria-labelledby="bulk-title">
      <div className={`card ${styles.bulkBar}`}>
        <h2 id="bulk-title" className={styles.bulkTitle}>
          Ações em lote
        </h2>
        <input type="hidden" name="selecao" value="1" />
        {[...query.entries()].map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <div className={styles.bulkSelect}>
          <span className="small muted">Marque os pedidos na lista e escolha a ação nos botões abaixo, ou</span>
          {pageSelected ? (
            <Link href={clearHref} className="btn btn-ghost">
              Limpar seleção
            </Link>
          ) : (
            <Link href={selectPageHref} className="btn btn-ghost">
              Selecionar a página
            </Link>
          )}
          {total > shown ? (
            <label className={`check ${styles.bulkAll}`}>
              <input type="checkbox" name="todos" value="1" />
              <span>
                Todos os {total.toLocaleString('pt-BR')} {scope === 'filtro' ? 'do filtro' : 'da lista'}
                {total > SELECTION_MAX ? ` (os primeiros ${SELECTION_MAX})` : ''}
              </span>
            </label>
          ) : null}
        </div>
      </div>
      {/* Above the list, in the page's flow: it never sits over a row it could not be scrolled off (sticky only once the list scrolls under it). Shown once an order is checked. */}
      <div className={styles.bulkButtons} role="group" aria-label="Com os pedidos selecionados">
        {/* Keyed like the rows' checkboxes: "Selecionar a página" is a link, and a client-side navigation would keep the old count. */}
        <SelectedCount key={pageSelected ? 'page' : 'none'} formId={BULK_FORM_ID} initial={pageSelected ? shown : 0} total={Math.min(total, SELECTION_MAX)} />
        {actions.map((a) => (
          <button key={a.label} type="submit" className="btn btn-secondary" formAction={a.action} name={a.submit?.name} value={a.submit?.value}>
            {a.label}
          </button>
        ))}
      </div>
      {children}
    </form>
  );
}
