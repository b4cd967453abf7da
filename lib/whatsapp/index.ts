/**
 * lib/whatsapp's face: Configurações → WhatsApp (settings, form, "Testar conexão"), Meta's
 * webhook, the embedded sandbox (its route, /sandbox/whatsapp, its tick) and the outbox
 * channel's worker and drain, which the job list loads through here on demand; the messages'
 * names. The other doors: enqueue.ts (what order and saved-checkout flows write to the WhatsApp
 * outbox, in their own transactions) and messages.ts (the message names, pure).
 */
export { conversationViews, replyAsBuyer, whatsappCatcherAccess, type ConversationView } from './catcher';
export { MESSAGE_NAMES } from './messages';
export { tickWhatsappSandbox, whatsappSandbox } from './sandbox';
export { drainWhatsapp, whatsappWorker } from './sender';
export { parseWhatsappForm, whatsappFormValues } from './settings-form';
export { getWhatsappSettings, saveWhatsappSettings } from './settings';
export { testWhatsappConnection } from './test-connection';
export { handleWhatsappWebhookPost, verifySubscription } from './webhook';
