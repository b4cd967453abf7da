/**
 * Shoppers in their own process, for offers.test.ts: each buys one unit of product <trigger> and
 * ticks its offer at checkout ("Adicionar ao pedido"), all at the race's start
 * (test/catalog/shoppers.ts).
 * Prints one JSON line: [{"ok": true} | {"ok": false, "error"}].
 * Run: node --conditions=react-server --import tsx offer-worker.ts <trigger> <shoppers>
 */
import { runShoppersWorker } from '@/test/catalog/shoppers';

const [trigger, shoppers] = process.argv.slice(2).map(Number);
runShoppersWorker(shoppers, { items: [{ productId: trigger, quantity: 1 }], offer: trigger });
