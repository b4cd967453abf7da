/** Test helpers: a file that needs the app's own default for a setting test/setup.ts raises. */
import { afterAll, beforeAll } from 'vitest';
import { startProcessContext } from '@/lib/process/context';

/**
 * Registers hooks that unset `name` for the whole file (the app's default applies) in a new
 * process context, since env() is read once per context; after the file, the suite's value is
 * back and the context is new again.
 */
export function withEnvDefault(name: string): void {
  const suiteValue = process.env[name];
  beforeAll(() => {
    delete process.env[name];
    startProcessContext();
  });
  afterAll(() => {
    if (suiteValue === undefined) delete process.env[name];
    else process.env[name] = suiteValue;
    startProcessContext();
  });
}
