'use server';

import { revalidatePath } from 'next/cache';
import { refused, merchantAction } from '@/lib/auth';
import { anonymiseBuyer } from '@/lib/buyers/buyer-data';
import { parseBuyerQuery, type BuyerQuery } from '@/lib/buyers/query';
import { headers } from 'next/headers';
import { clientAddress } from '@/lib/security';
import { logger } from '@/lib/server/log';

/** "Anonimizar": every order of the buyer, in one transaction (lib/buyers/buyer-data.ts). */
export const anonymiseBuyerAction = merchantAction<BuyerQuery>(
  {
    name: 'anonymise-buyer',
    permission: 'buyers:erase',
    parse: (form) => {
      const r = parseBuyerQuery(form.get('q'));
      return r.ok ? { ok: true, value: r.query } : { ok: false, error: r.error, fieldErrors: {} };
    },
  },
  async (query, { merchant }) => {
    const result = await anonymiseBuyer(query, merchant, { ip: clientAddress(await headers()) });
    if (!result.ok) return refused(result.error);
    logger().info({ actor: merchant.id, orders: result.orders }, 'buyer anonymised');
    revalidatePath('/dashboard', 'layout');
    // The search now finds nobody (the form that asked is gone): the page says what was done.
    return { redirect: `/dashboard/settings/comprador?${new URLSearchParams({ anonimizado: String(result.orders) })}` };
  },
);
