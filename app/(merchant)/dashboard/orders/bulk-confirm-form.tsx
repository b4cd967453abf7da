'use client';

import type { ReactNode } from 'react';
import { plural } from '@balcao/br/plural';
import type { ActionState } from '@/lib/auth';
import type { SelectedOrder } from './selected-orders';
import styles from './orders.module.css';

/** What one order of the selection came to, as its line says it. */
export type BulkLine = { refused: boolean; text: string };
/** The action's answer once it ran: whether any order was refused (the message turns a warning), and each order's line. */
export type BulkOutcome = { refused: boolean; lines: Map<string, BulkLine> };

type ReportLine = { orderId: string; kind: 'applied' | 'unchanged' | 'refused'; message: string };

/** The outcome of a bulk report of lib/ (shipping, NF-e): each order's kind in the form's words, a refusal with its reason. */
export function reportOutcome(report: { lines: ReportLine[]; refused: number } | null, labels: Record<ReportLine['kind'], string>): BulkOutcome | null {
  if (!report) return null;
  const line = (l: ReportLine): BulkLine => (l.kind === 'refused' ? { refused: true, text: `${labels.refused}: ${l.message}` } : { refused: false, text: labels[l.kind] });
  return { refused: report.refused > 0, lines: new Map(report.lines.map((l) => [l.orderId, line(l)])) };
}

/**
 * The confirm form of the bulk bar's actions (labels, shipping, NF-e): the outcome announced
 * above the form, the selection counted, each order listed with its id in a hidden field and,
 * once the action ran, what happened to it; one submit button. A plain form: it works without
 * JavaScript. The caller holds the action's state (`run`) and says what its answer means
 * (`outcome`); `before` and `renderOrder` add a form's own fields.
 */
export function BulkConfirmForm({
  run: [state, formAction, pending],
  outcome,
  orders,
  orderField,
  resultTestId,
  intro,
  submitLabel,
  pendingLabel,
  formKey,
  noValidate,
  before,
  itemClassName,
  renderOrder,
}: {
  /** What useActionState gave for the action: its answer, the form's action, whether it runs. */
  run: [ActionState, (form: FormData) => void, boolean];
  outcome: BulkOutcome | null;
  orders: SelectedOrder[];
  /** The hidden field that names each order to the action. */
  orderField: string;
  resultTestId: string;
  /** Said after the count ("3 pedidos selecionados. …"). */
  intro: string;
  submitLabel: string;
  pendingLabel: string;
  /** A new key per answer resets what was typed to what the answer says. */
  formKey?: number;
  noValidate?: boolean;
  before?: ReactNode;
  itemClassName?: string;
  /** An order's own content; by default its number, buyer and items. */
  renderOrder?: (order: SelectedOrder) => ReactNode;
}) {
  return (
    <div className="stack">
      <div aria-live="polite">
        {state?.ok === false ? (
          <p className="alert alert-error" role="alert">
            {state.error}
          </p>
        ) : null}
        {state?.ok && outcome ? (
          <p className={outcome.refused ? 'alert alert-warning' : 'alert alert-success'} role="status" data-testid={resultTestId}>
            {state.message}
          </p>
        ) : null}
      </div>
      <form key={formKey} action={formAction} className="card stack" noValidate={noValidate}>
        <p className="small muted">
          {plural(orders.length, 'pedido selecionado', 'pedidos selecionados')}. {intro}
        </p>
        {before}
        <ol className={styles.bulkShipList}>
          {orders.map((o) => {
            const line = outcome?.lines.get(o.id);
            return (
              <li key={o.id} className={itemClassName}>
                <input type="hidden" name={orderField} value={o.id} />
                {renderOrder ? (
                  renderOrder(o)
                ) : (
                  <>
                    <span className="mono">{o.label}</span> · {o.buyer}
                    {o.items ? <span className="small muted"> · {o.items}</span> : null}
                  </>
                )}
                {line ? <p className={`small ${line.refused ? 'field-error' : ''}`}>{line.text}</p> : null}
              </li>
            );
          })}
        </ol>
        <div>
          <button type="submit" className="btn" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </button>
        </div>
      </form>
    </div>
  );
}
