import { expect, test } from '@playwright/test';

test('the home page opens in Chromium', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Café da Esquina/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
