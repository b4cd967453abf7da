/**
 * WHAT-IF EXPERIMENT, not the app's behaviour: preloaded into the benchmark server
 * (`tsx bench/run.ts --inprocess-sandbox`, i.e. `node --require <this> next start`), it
 * answers the app's own requests to the embedded sandbox ($APP_URL/api/sandbox/...) by
 * calling lib/sandbox's handleSandboxRequest in-process instead of going out over HTTP and
 * back in through Next. It measures what BENCHMARKS.md proposes for lib/payments/api.ts:
 * giving the payment client a `fetch` that short-circuits the embedded sandbox. Requests from
 * outside (browsers, the bench, webhooks) still go through HTTP as before.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const path = require('node:path');
const Module = require('node:module');

const root = path.resolve(__dirname, '..', '..');
const empty = path.join(__dirname, 'empty-module.cjs');
// `server-only` throws outside the react-server condition; this copy of lib/ is server code.
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'server-only') return empty;
  return resolve.call(this, request, ...rest);
};
const { register } = require('tsx/cjs/api');
register({ tsconfig: path.join(root, 'tsconfig.json') });
const { handleSandboxRequest } = require(path.join(root, 'lib/sandbox/index.ts'));

const base = `${(process.env.APP_URL || '').replace(/\/+$/, '')}/api/sandbox/`;
const networkFetch = globalThis.fetch;
globalThis.fetch = async function inProcessSandboxFetch(input, init) {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith(base)) return networkFetch(input, init);
  const request = new Request(input, init);
  const segments = new URL(request.url).pathname.slice(new URL(base).pathname.length).split('/').filter(Boolean).map(decodeURIComponent);
  return handleSandboxRequest(request, segments);
};
