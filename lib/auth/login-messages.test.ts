import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, loginErrorMessage, safeCallbackPath } from './login-messages';

describe('loginErrorMessage', () => {
  it('says the same thing for a wrong e-mail and a wrong password', () => {
    expect(loginErrorMessage('CredentialsSignin')).toBe('E-mail ou senha incorretos.');
  });
  it('has its own sentence for the rate limit', () => {
    expect(loginErrorMessage('rate_limited')).toBe('Muitas tentativas. Aguarde um minuto.');
  });
  it('falls back to a generic sentence, and to nothing without a code', () => {
    expect(loginErrorMessage('Configuration')).toBe(LOGIN_MESSAGES.generic);
    expect(loginErrorMessage(null)).toBeNull();
    expect(loginErrorMessage('')).toBeNull();
  });
});

describe('safeCallbackPath', () => {
  it('keeps dashboard paths with their query', () => {
    expect(safeCallbackPath('/dashboard/orders?status=paid&page=2')).toBe('/dashboard/orders?status=paid&page=2');
    expect(safeCallbackPath('/dashboard')).toBe('/dashboard');
  });
  it('keeps the mail catcher (behind the session in a public demo), not the rest of the sandbox', () => {
    expect(safeCallbackPath('/sandbox/emails')).toBe('/sandbox/emails');
    expect(safeCallbackPath('/sandbox/emails/12')).toBe('/sandbox/emails/12');
    expect(safeCallbackPath('/sandbox/emailsx')).toBe('/dashboard');
    expect(safeCallbackPath('/sandbox')).toBe('/dashboard');
  });
  it('accepts an absolute URL of our own origin', () => {
    expect(safeCallbackPath('http://localhost:3000/dashboard/settings', 'http://localhost:3000')).toBe('/dashboard/settings');
  });
  it.each([
    'https://evil.example/dashboard',
    '//evil.example/dashboard',
    '/\\evil.example',
    'javascript:alert(1)',
    '/orders/abc',
    '/dashboardx',
    '/login',
    '',
    undefined,
  ])('sends %s to the overview', (raw) => {
    expect(safeCallbackPath(raw)).toBe('/dashboard');
  });
});
