import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, refusalMessage, ROLE_PERMISSIONS, ROLES, roleOf } from './permissions';

describe('the role → permissions table', () => {
  it("an owner may do everything (the public demo's tour is no power)", () => {
    for (const p of PERMISSIONS) expect(can('owner', p)).toBe(p !== 'dashboard:tour');
  });

  it('the demonstration account sees the dashboard and acts on orders, and nothing else', () => {
    expect(ROLE_PERMISSIONS.demo).toEqual(['dashboard:view', 'orders:act', 'fulfilment:act', 'balance:view', 'dashboard:tour']);
    for (const p of ['buyers:read', 'orders:note', 'shop:edit', 'catalog:edit', 'links:edit', 'settings:edit', 'payments:configure', 'emails:resend', 'people:manage', 'account:edit', 'activity:view'] as const) {
      expect(can('demo', p)).toBe(false);
    }
  });

  it('a Gerente does everything but the people and the payment settings', () => {
    for (const p of PERMISSIONS) expect(can('manager', p)).toBe(p !== 'people:manage' && p !== 'payments:configure' && p !== 'dashboard:tour');
  });

  it('an Atendente sees orders and products, writes internal notes and moves fulfilment; no refund, cancel, settings, links or balance', () => {
    expect(ROLE_PERMISSIONS.attendant).toEqual(['dashboard:view', 'buyers:read', 'orders:note', 'fulfilment:act', 'fulfilment:tracking-links', 'fulfilment:real-labels', 'digital:files', 'account:edit']);
    for (const p of ['orders:act', 'balance:view', 'settings:edit', 'payments:configure', 'shop:edit', 'links:edit', 'catalog:edit', 'people:manage', 'activity:view'] as const) {
      expect(can('attendant', p)).toBe(false);
    }
  });

  it('a role this code does not know gets nothing', () => {
    expect(roleOf('gerente')).toBeNull();
    expect(roleOf('owner')).toBe('owner');
    expect(roleOf('attendant')).toBe('attendant');
    expect(can(roleOf('gerente'), 'dashboard:view')).toBe(false);
    expect(can(undefined, 'orders:act')).toBe(false);
  });

  it('says why in Portuguese, naming the demonstration account', () => {
    expect(refusalMessage('demo', 'catalog:edit')).toBe('Conta de demonstração: não pode alterar produtos nem fotos.');
    expect(refusalMessage('demo', 'emails:resend')).toBe('Conta de demonstração: não pode reenviar e-mails.');
  });
});

describe('dashboard:tour', () => {
  it("is the demonstration account's alone: no other role sees the banner or the controls it cannot use", () => {
    expect(ROLES.filter((r) => can(r, 'dashboard:tour'))).toEqual(['demo']);
  });
});

describe('coupons:edit', () => {
  it('belongs to the owner and the manager, not to the attendant nor the demo login', () => {
    expect(can('owner', 'coupons:edit')).toBe(true);
    expect(can('manager', 'coupons:edit')).toBe(true);
    expect(can('attendant', 'coupons:edit')).toBe(false);
    expect(can('demo', 'coupons:edit')).toBe(false);
  });
});

describe('the demo login and the Atendente', () => {
  it('only the demonstration account is held to a known carrier (its tracking link reaches a real buyer)', () => {
    expect(can('demo', 'fulfilment:tracking-links')).toBe(false);
    for (const role of ['owner', 'manager', 'attendant'] as const) expect(can(role, 'fulfilment:tracking-links')).toBe(true);
    // Real carrier labels spend real money: never the shared demo login.
    expect(can('demo', 'fulfilment:real-labels')).toBe(false);
    for (const role of ['owner', 'manager', 'attendant'] as const) expect(can(role, 'fulfilment:real-labels')).toBe(true);
    expect(refusalMessage('demo', 'fulfilment:tracking-links')).toBe('Conta de demonstração: escolha uma das transportadoras da lista; link de rastreio próprio não é permitido.');
  });

  it('Integrações (endpoint URLs may hold secret tokens) is neither the Atendente\'s nor the demo login\'s', () => {
    expect(can('attendant', 'integrations:manage')).toBe(false);
    expect(can('demo', 'integrations:manage')).toBe(false);
  });
});
