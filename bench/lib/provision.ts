/**
 * What a merchant sets up before a benchmark can use it — an API key, a webhook endpoint, a
 * coupon — made by the product's own functions (lib/public-api/keys.ts createApiKey,
 * lib/outbound-events/webhook-endpoints.ts createEndpoint, lib/coupons createCoupon: what Configurações →
 * Integrações / Cupons call), in a child process against a running bench server's SQLite file
 * (WAL: safe while it runs). Also records order events with lib/outbound-events recordOrderEvent,
 * the function a state change calls in its transaction (T11). The product modules import
 * `server-only`, so this runs with the react-server condition: bench code calls `provision()`
 * (bench/lib/provision-client.ts), never this file directly.
 *
 *   node --conditions=react-server --import tsx bench/lib/provision.ts '<json command>'
 *
 * Prints one JSON line with the result.
 */
import { inArray } from 'drizzle-orm';

type Command =
  | { kind: 'api-key'; name: string }
  | { kind: 'endpoint'; url: string; events: string[] }
  | { kind: 'endpoint-enabled'; id: string; enabled: boolean }
  | { kind: 'coupon'; code: string; percent: number }
  | { kind: 'order-events'; orderIds: string[]; type: string };

async function main() {
  const command = JSON.parse(process.argv[2] ?? '{}') as Command;
  const { database, ensureMigrated } = await import('@/db');
  await ensureMigrated();
  switch (command.kind) {
    case 'api-key': {
      const { createApiKey } = await import('@/lib/public-api/keys');
      return createApiKey(command.name);
    }
    case 'endpoint': {
      const { createEndpoint } = await import('@/lib/outbound-events/webhook-endpoints');
      return createEndpoint(command.url, command.events as Parameters<typeof createEndpoint>[1]);
    }
    case 'endpoint-enabled': {
      const { setEndpointEnabled } = await import('@/lib/outbound-events/webhook-endpoints');
      return { changed: await setEndpointEnabled(command.id, command.enabled) };
    }
    case 'coupon': {
      const { createCoupon } = await import('@/lib/coupons/coupons');
      const made = await createCoupon(
        { code: command.code, kind: 'percent', value: command.percent * 100, minSubtotalCents: 0, startsOn: null, endsOn: null, maxUses: null, onePerDocument: false },
        'bench@balcao.dev',
      );
      if (!made.ok) throw new Error(made.error);
      return { id: made.coupon.id, code: made.coupon.code };
    }
    case 'order-events': {
      const { recordOrderEvent } = await import('@/lib/outbound-events/record');
      const { outboundEvents } = await import('@/db/schema');
      const type = command.type as Parameters<typeof recordOrderEvent>[2];
      // One transaction per event, as each state change writes its own (the worker sees them
      // appear one by one, not as one batch).
      for (const orderId of command.orderIds) {
        await database().transaction(function* (tx) {
          return yield* recordOrderEvent(tx, orderId, type);
        });
      }
      const rows = await database().db.select({ id: outboundEvents.id, orderId: outboundEvents.orderId }).from(outboundEvents).where(inArray(outboundEvents.orderId, command.orderIds));
      return { events: rows.map((r) => r.id) };
    }
  }
}

main().then(
  (result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(0);
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
