/** What the orders list's two views (cards and table) share: their props and the words a row derives. */
import type { OrderListRow } from '@/lib/orders';
import { originLabel } from '@/lib/attribution/attribution';

/** The bulk bar's checkboxes: each row joins that form (`form=`), all checked for "Selecionar a página". */
export type Selection = { form: string; checked: boolean };

export type OrdersListProps = {
  rows: OrderListRow[];
  /** Titles of the payment links the rows may come from (by id): shown beside the method. */
  linkTitles?: Map<string, string>;
  /** "Itens": the first item and how many more ("Café especial 250 g +2"), by order id. */
  items?: Map<string, string>;
  caption?: string;
  select?: Selection;
};

/** A view's props: the caption is decided by OrdersList. */
export type OrdersViewProps = Omit<OrdersListProps, 'caption'> & { caption: string };

/** "Origem" of a row (its first-touch source and campaign), or undefined. */
export const originOf = (o: OrderListRow) => originLabel({ source: o.originSource ?? undefined, campaign: o.originCampaign ?? undefined });

/** The title of the payment link a row comes from, or undefined. */
export const linkTitleOf = (o: OrderListRow, linkTitles: Map<string, string> | undefined) => (o.paymentLinkId ? linkTitles?.get(o.paymentLinkId) : undefined);
