/**
 * The bench's overlay (bench/overlay/README.md): its `app/` files are copied into the product's
 * `app/` for the bench's `next build` only, and removed afterwards, so the product's tree holds
 * no bench route at rest. A copy left by an interrupted build is removed before the next one
 * (and is inert meanwhile: `.bench.ts(x)` is a page extension only in the bench's build, bench/next.config.bench.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';

export const OVERLAY_APP = path.resolve(__dirname, '..', 'overlay', 'app');

/** The overlay's files, relative to its `app/` (e.g. `api/bench/bare/route.bench.ts`). */
export function overlayFiles(dir = OVERLAY_APP, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(prefix, entry.name);
    return entry.isDirectory() ? overlayFiles(path.join(dir, entry.name), rel) : [rel];
  });
}

/** The top folders the overlay adds under `app/` (it owns them whole: `bench`, `api/bench`). */
function ownedFolders(): string[] {
  return ['bench', path.join('api', 'bench')].filter((f) => fs.existsSync(path.join(OVERLAY_APP, f)));
}

function removeFrom(appDir: string): void {
  for (const folder of ownedFolders()) fs.rmSync(path.join(appDir, folder), { recursive: true, force: true });
}

/** Runs `build` with the overlay's files copied into `appDir`, removing them afterwards (also on failure). */
export function withOverlay<T>(appDir: string, build: () => T): T {
  removeFrom(appDir);
  for (const rel of overlayFiles()) {
    const target = path.join(appDir, rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(OVERLAY_APP, rel), target);
  }
  try {
    return build();
  } finally {
    removeFrom(appDir);
  }
}
