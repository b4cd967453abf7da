// vitest: own process. Starting the server patches the process (the peer-address stamp, signal listeners) once, which no later file could undo.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startServer } from './start-server';
import { startProcessContext } from '@/lib/process/context';

const saved = { ...process.env };
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  startProcessContext();
  vi.restoreAllMocks();
});

describe('startServer', () => {
  it.each([
    [{}, 'SANDBOX_API_KEYS'],
    [{ SANDBOX_API_KEYS: 'sk_sandbox_dev' }, 'SANDBOX_API_KEYS'],
    [{ SANDBOX_API_KEYS: 's'.repeat(32), PAYMENT_API_KEY: 'sk_sandbox_dev' }, 'PAYMENT_API_KEY'],
  ])('refuses a public demo with a well-known or no secret key (%o): one line naming %s, exit 1', async (extra, variable) => {
    Object.assign(process.env, { NODE_ENV: 'production', SANDBOX_ENABLED: 'true', AUTH_SECRET: 'a'.repeat(40), ...extra });
    startProcessContext();
    const exit = vi.spyOn(process, 'exit').mockImplementation(((code?: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(startServer()).rejects.toThrow('exit 1');
    expect(exit).toHaveBeenCalledWith(1);
    expect(error).toHaveBeenCalledTimes(1);
    const line = String(error.mock.calls[0][0]);
    expect(line).toMatch(new RegExp(`^balcao: Invalid environment variable ${variable}: `));
    expect(line).not.toMatch(/[\r\n]/);
  });
});
