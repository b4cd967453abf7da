import path from 'node:path';

const TEST_DIR = path.resolve(__dirname);

/** A test worker's bundle (test/worker-bundles.ts): test/links/link-buyer-worker.ts → links__link-buyer-worker.cjs */
export function bundleName(script: string) {
  return `${path.relative(TEST_DIR, path.resolve(TEST_DIR, '..', script)).replace(/\.ts$/, '').split(path.sep).join('__')}.cjs`;
}
