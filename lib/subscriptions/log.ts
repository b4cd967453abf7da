/** The subscription's log: every change, by whom (a step of the change's own transaction). */
import type { Tx } from '@/db';
import { write, type Step } from '@/db/driver';
import { subscriptionLog } from '@/db/schema';

export type Actor = 'subscriber' | 'system' | `merchant:${number}`;

export function* logChange(tx: Tx, subscriptionId: string, actor: Actor, action: string, detail?: string): Generator<Step, void, unknown> {
  yield* write(tx.insert(subscriptionLog).values({ subscriptionId, actor, action, detail: detail ?? null }));
}
