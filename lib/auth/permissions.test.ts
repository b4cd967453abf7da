import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, refusalMessage, ROLE_PERMISSIONS, roleOf } from './permissions';

describe('the role → permissions table', () => {
  it('an owner may do everything', () => {
    for (const p of PERMISSIONS) expect(can('owner', p)).toBe(true);
  });

  it('the demonstration account sees the dashboard and acts on orders, and nothing else', () => {
    expect(ROLE_PERMISSIONS.demo).toEqual(['dashboard:view', 'orders:act']);
    for (const p of ['buyers:read', 'shop:edit', 'catalog:edit', 'links:edit', 'settings:edit', 'emails:resend', 'people:manage'] as const) {
      expect(can('demo', p)).toBe(false);
    }
  });

  it('a role this code does not know gets nothing', () => {
    expect(roleOf('gerente')).toBeNull();
    expect(roleOf('owner')).toBe('owner');
    expect(can(roleOf('gerente'), 'dashboard:view')).toBe(false);
    expect(can(undefined, 'orders:act')).toBe(false);
  });

  it('says why in Portuguese, naming the demonstration account', () => {
    expect(refusalMessage('demo', 'catalog:edit')).toBe('Conta de demonstração: não pode alterar produtos nem fotos.');
    expect(refusalMessage('demo', 'emails:resend')).toBe('Conta de demonstração: não pode reenviar e-mails.');
  });
});
