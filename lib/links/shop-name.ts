/** The shop's name as buyers see it (Configurations → Loja), or the neutral name of a shop not set up yet. */
import 'server-only';
import { getShopIdentity } from '@/lib/shop/identity';

export async function shopName(): Promise<string> {
  return (await getShopIdentity()).name;
}
