/**
 * The owner and the demo account sign in through the login form once per run; the journeys
 * reuse those sessions through signIn (e2e/shop-helpers.ts), which signs in again by the form
 * only if a journey ended them.
 */
import { test as setup } from '@playwright/test';
import { DEMO, OWNER, signIn } from './shop-helpers';

setup('the owner and the demo account sign in', async ({ browser }) => {
  for (const who of [OWNER, DEMO]) {
    const context = await browser.newContext();
    await signIn(await context.newPage(), '/dashboard', who);
    await context.close();
  }
});
