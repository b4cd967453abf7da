import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { database, ensureMigrated } from '@/db';
import { activityLog } from '@/db/schema';
import { listActivity, recordActivity, sweepActivity } from './activity';

beforeAll(ensureMigrated);

describe('the activity log', () => {
  it('records who, what, target and the client address read from the request', async () => {
    await recordActivity({ actor: { id: 7, email: 'ana@loja.com.br' }, action: 'refund', summary: 'Reembolsou R$ 10,00', target: 'pedido-1', headers: { 'x-forwarded-for': '203.0.113.5' } });
    const [row] = await listActivity({ actorEmail: 'ana@loja.com.br' });
    expect(row).toMatchObject({ actorId: 7, action: 'refund', summary: 'Reembolsou R$ 10,00', target: 'pedido-1', ip: '203.0.113.5' });
  });

  it('filters by who, what and period, newest first', async () => {
    await recordActivity({ actor: { id: 8, email: 'beto@loja.com.br' }, action: 'fulfilment', summary: 'a' });
    await recordActivity({ actor: { id: 8, email: 'beto@loja.com.br' }, action: 'export', summary: 'b' });
    expect((await listActivity({ actorEmail: 'beto@loja.com.br' })).map((r) => r.summary)).toEqual(['b', 'a']);
    expect((await listActivity({ actorEmail: 'beto@loja.com.br', action: 'fulfilment' })).map((r) => r.summary)).toEqual(['a']);
    expect(await listActivity({ actorEmail: 'beto@loja.com.br', to: '2000-01-01T00:00:00.000Z' })).toEqual([]);
  });

  it('is append-only: the database refuses an update and the delete of a recent row', async () => {
    await recordActivity({ actor: null, email: 'x@loja.com.br', action: 'sign_in_failed', summary: 'Senha incorreta' });
    await expect(database().db.update(activityLog).set({ summary: 'apagado' })).rejects.toThrow(/append-only/);
    await expect(database().db.delete(activityLog)).rejects.toThrow(/append-only/);
  });

  it('keeps a year: the sweep removes older rows only', async () => {
    await database().db.insert(activityLog).values({ at: '2001-01-01T00:00:00.000Z', actorEmail: 'velho@loja.com.br', action: 'sign_in', summary: 'antigo' });
    const before = (await database().db.select({ n: sql<number>`count(*)` }).from(activityLog))[0].n;
    expect(await sweepActivity()).toBe(1);
    expect((await database().db.select({ n: sql<number>`count(*)` }).from(activityLog))[0].n).toBe(before - 1);
  });
});
