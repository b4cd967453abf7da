/**
 * Shoppers in their own process, for stock.test.ts (and order numbers, e-mail caps): `shoppers`
 * checkouts of one unit of the product (or its variant) at the race's start, each as
 * another server instance would (test/catalog/shoppers.ts).
 * Prints one JSON line: [{"ok": true} | {"ok": false, "error"}].
 * Run: node --conditions=react-server --import tsx checkout-worker.ts <productId> <shoppers> [<variantId>]
 */
import { runShoppersWorker } from '@/test/catalog/shoppers';

const [productId, shoppers, variantId] = process.argv.slice(2).map(Number);
runShoppersWorker(shoppers, { items: [{ productId, ...(variantId ? { variantId } : {}), quantity: 1 }] });
