import { defineConfig } from '@playwright/test';
import base, { PHONE } from './playwright.config';

/**
 * The dev-server journeys (e2e/dev-server.spec.ts: `next dev` opened at 127.0.0.1, the sandbox
 * package's simulator in development, the login lock on a real server), in a stage of their own
 * (`npm run test:e2e:dev`; scripts/test-gate.mjs runs it after the build, before the journeys
 * and the unit tests). `next dev` compiles each route the first time it is asked for: with the
 * unit tests or `next start` and its browser on the other core, a compile took long enough to
 * time a journey out. Alone, and warmed up before its first journey (the spec's beforeAll), it
 * has the machine to itself, so the stage takes no retry. It starts its own dev server, so
 * none of the main config's servers.
 */
export default defineConfig({
  ...base,
  retries: 0,
  workers: 1,
  projects: [{ name: 'dev-server', testMatch: /dev-server\.spec\.ts$/, use: { ...PHONE } }],
  webServer: undefined,
});
