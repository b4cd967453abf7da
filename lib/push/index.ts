/**
 * lib/push's face for the merchant's own devices (Minha conta → Notificações and the
 * subscriptions route): subscribing, removing, the choices, the VAPID public key. The other
 * doors: payload.ts (client-safe words of the choices), record.ts (what order flows write to the
 * push outbox) and sender.ts (the outbox channel, loaded by the job list on demand).
 */
export { vapidKeys } from './vapid';
export { choicesOf, devicesOf, removeDevice, saveChoices, subscribeDevice, type PushChoices } from './subscriptions';
