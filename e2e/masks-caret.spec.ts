/**
 * Masks keep the caret: editing the middle of a filled CPF or CEP on a phone replaces the digit
 * where the person is, without moving the caret to the end or shifting the digits after it.
 */
import { expect, test, type Locator } from '@playwright/test';
import { addToCart } from './shop-helpers';

async function caretAt(field: Locator, at: number) {
  await field.click();
  await field.evaluate((el: HTMLInputElement, i) => el.setSelectionRange(i, i), at);
}

const caretOf = (field: Locator) => field.evaluate((el: HTMLInputElement) => el.selectionStart);

test.describe('masks keep the caret', () => {
  test.beforeEach(async ({ page }) => {
    await addToCart(page, 'caneca-ceramica');
    await page.goto('/checkout');
  });

  test('CPF: delete a middle digit and type another; paste of a formatted or bare CPF', async ({ page }) => {
    const cpf = page.getByLabel('CPF ou CNPJ');
    await expect(cpf).toHaveAttribute('inputmode', 'numeric');
    await cpf.pressSequentially('52998224725');
    await expect(cpf).toHaveValue('529.982.247-25');

    // Caret after "529.98", Backspace removes the 8, then 1 goes where the 8 was.
    await caretAt(cpf, 6);
    await page.keyboard.press('Backspace');
    expect(await caretOf(cpf)).toBe(5);
    await page.keyboard.type('1');
    await expect(cpf).toHaveValue('529.912.247-25');
    expect(await caretOf(cpf)).toBe(6);

    // Backspace right after a separator removes the digit before it, and the caret stays put.
    await caretAt(cpf, 8); // "529.912.|247-25"
    await page.keyboard.press('Backspace');
    await expect(cpf).toHaveValue('529.912.472-5');
    expect(await caretOf(cpf)).toBe(6);
    await page.keyboard.type('2');
    await expect(cpf).toHaveValue('529.912.247-25');

    await cpf.fill('');
    await cpf.fill('529.982.247-25');
    await expect(cpf).toHaveValue('529.982.247-25');
    await cpf.fill('52998224725');
    await expect(cpf).toHaveValue('529.982.247-25');
  });

  test('CNPJ, numeric and alphanumeric', async ({ page }) => {
    const doc = page.getByLabel('CPF ou CNPJ');
    await doc.pressSequentially('11222333000181');
    await expect(doc).toHaveValue('11.222.333/0001-81');
    await doc.fill('');
    await doc.pressSequentially('12abc34501de35');
    await expect(doc).toHaveValue('12.ABC.345/01DE-35');
  });

  test('CEP: delete a middle digit and type another', async ({ page }) => {
    await page.getByRole('radio', { name: 'Boleto', exact: true }).check();
    const cep = page.getByLabel('CEP');
    await expect(cep).toHaveAttribute('inputmode', 'numeric');
    await expect(cep).toHaveAttribute('autocomplete', /postal-code$/);
    await cep.pressSequentially('01310100');
    await expect(cep).toHaveValue('01310-100');
    // The CEP autofill (the e2e server's stub) has filled the street before we edit the CEP again.
    await expect(page.getByLabel('Rua')).toHaveValue('Avenida Paulista');

    await caretAt(cep, 3); // "013|10-100"
    await page.keyboard.press('Backspace');
    await page.keyboard.type('4');
    await expect(cep).toHaveValue('01410-100');
    expect(await caretOf(cep)).toBe(3);

    await caretAt(cep, 7); // "01410-1|00"
    await page.keyboard.press('Backspace');
    expect(await caretOf(cep)).toBe(6);
    await page.keyboard.type('2');
    await expect(cep).toHaveValue('01410-200');
    expect(await caretOf(cep)).toBe(7);
  });

  test('Celular (WhatsApp): type, delete a middle digit and type another; paste with +55', async ({ page }) => {
    const phone = page.getByLabel('Celular (WhatsApp)');
    await expect(phone).toHaveAttribute('type', 'tel');
    await expect(phone).toHaveAttribute('inputmode', 'numeric');
    await expect(phone).toHaveAttribute('autocomplete', 'tel-national');
    await expect(phone).toHaveAccessibleDescription(/DDD/);
    await phone.pressSequentially('11987654321');
    await expect(phone).toHaveValue('(11) 98765-4321');

    // Caret after "(11) 987", Backspace removes the 7, then 1 goes where the 7 was.
    await caretAt(phone, 8);
    await page.keyboard.press('Backspace');
    expect(await caretOf(phone)).toBe(7);
    await page.keyboard.type('1');
    await expect(phone).toHaveValue('(11) 98165-4321');
    expect(await caretOf(phone)).toBe(8);

    // Backspace right after the hyphen removes the digit before it, and the caret stays on its digit.
    await caretAt(phone, 11); // "(11) 98165-|4321"
    await page.keyboard.press('Backspace');
    await expect(phone).toHaveValue('(11) 98164-321');
    expect(await caretOf(phone)).toBe(9);
    await page.keyboard.type('5');
    await expect(phone).toHaveValue('(11) 98165-4321');

    // A pasted international number loses its +55.
    await phone.fill('');
    await phone.focus();
    await page.evaluate(() => document.execCommand('insertText', false, '+55 11 98765-4321'));
    await expect(phone).toHaveValue('(11) 98765-4321');
    expect(await caretOf(phone)).toBe(15);
  });
});
