/**
 * Shoppers in their own process, for stock.test.ts (and order numbers, e-mail caps): `shoppers`
 * checkouts of one unit of the product (or its variant) at the shared start instant, each as
 * another server instance would (test/catalog/shoppers.ts).
 * Prints one JSON line: [{"ok": true} | {"ok": false, "error"}].
 * Run: node --conditions=react-server --import tsx checkout-worker.ts <productId> <startAtMs> <shoppers> [<variantId>]
 */
import { runShoppersWorker } from '@/test/catalog/shoppers';

const [productId, startAt, shoppers, variantId] = process.argv.slice(2).map(Number);
runShoppersWorker(startAt, shoppers, { items: [{ productId, ...(variantId ? { variantId } : {}), quantity: 1 }] });
