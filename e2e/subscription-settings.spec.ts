/**
 * Configurações → "Assinaturas": the merchant saves "Dias de antecedência" (Pix, boleto) and
 * "Tentativas" and reads "Assinaturas salvas."; the saved numbers are there after a reload. A
 * number out of range is refused in Portuguese beside its field, and every typed value stays.
 * It ends on the defaults again, so no other journey on this server sees changed days.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { signIn } from './shop-helpers';

test('Configurações → Assinaturas: save the days and the attempts; an invalid number is refused and the typed values stay', async ({ page }) => {
  await signIn(page, '/dashboard/settings');
  // On the phone the tabs show the current page and "Outras configurações", the list of the rest.
  await page.getByRole('navigation', { name: 'Configurações' }).getByRole('link', { name: 'Outras configurações' }).click();
  await page.getByRole('list', { name: 'Configurações' }).getByRole('link', { name: 'Assinaturas', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/assinaturas$/);
  const pix = page.getByLabel('Dias de antecedência (Pix)');
  const boleto = page.getByLabel('Dias de antecedência (boleto)');
  const tentativas = page.getByLabel('Tentativas');
  await expect(pix).toHaveValue('1');
  await expectNoAxeViolations(page);

  // Valid: saved, told, and read back after a reload.
  await pix.fill('2');
  await boleto.fill('5');
  await tentativas.fill('4');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Assinaturas salvas.' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(pix).toHaveValue('2');
  await expect(boleto).toHaveValue('5');
  await expect(tentativas).toHaveValue('4');

  // Invalid: the message beside the field, the typed values kept, nothing saved.
  await pix.fill('3');
  await boleto.fill('30');
  await tentativas.fill('abc');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Confira os campos destacados.' })).toBeVisible();
  await expect(boleto).toHaveAttribute('aria-invalid', 'true');
  await expect(boleto).toHaveAccessibleDescription(/No máximo 15\./);
  await expect(tentativas).toHaveAccessibleDescription(/Informe o número de tentativas/);
  await expect(pix).not.toHaveAttribute('aria-invalid');
  await expect(pix).toHaveValue('3');
  await expect(boleto).toHaveValue('30');
  await expect(tentativas).toHaveValue('abc');
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(pix).toHaveValue('2');

  // Back to the defaults.
  await pix.fill('1');
  await boleto.fill('3');
  await tentativas.fill('3');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Assinaturas salvas.' })).toBeVisible();
});
