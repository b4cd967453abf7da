/**
 * lib/links' pure door, without server code, for pages, actions and client components alike:
 * the "Novo link" form (its fields, limits and parser), a link's share text and address, its
 * states and what a buyer is told when it is closed. The other doors, on the server: links.ts
 * (create, disable, list, lookups), link-variant.ts (a link's product variant) and place.ts
 * (the place a link's order takes, a step of the placing transaction).
 */
export { DESCRIPTION_MAX, linkFormValues, parseDateInput, parseLinkForm, TITLE_MAX, type LinkField } from './link-form';
export { amountText, linkUrl, whatsappMessage } from './share';
export { closedMessage, LINK_STATE_BADGES, LINK_STATE_LABELS } from './status';
