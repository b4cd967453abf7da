/**
 * lib/whatsapp's face: Configurações → WhatsApp (settings, form, "Testar conexão"), Meta's
 * webhook, the embedded sandbox (its route, its tick) and the outbox channel's worker and drain,
 * which the job list loads through here on demand; the messages' names. The other doors:
 * enqueue.ts (what order and saved-checkout flows write to the WhatsApp outbox, in their own
 * transactions), messages.ts (the message names, pure) and catcher.ts (/sandbox/whatsapp's
 * pages: it reads the merchant's session, which only a request has, so it stays out of the face
 * the job list loads).
 */
export { MESSAGE_NAMES } from './messages';
export { tickWhatsappSandbox, whatsappSandbox } from './sandbox';
export { drainWhatsapp, whatsappWorker } from './sender';
export { parseWhatsappForm, whatsappFormValues } from './settings-form';
export { getWhatsappSettings, saveWhatsappSettings } from './settings';
export { testWhatsappConnection } from './test-connection';
export { handleWhatsappWebhookPost, verifySubscription } from './webhook';
