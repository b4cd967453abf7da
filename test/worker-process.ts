/**
 * Runs a test worker (a TypeScript file under test/) in a process of its own, as another server
 * instance would be: its own connections to the same SQLite files, the same environment, logs
 * silenced. The worker prints one JSON line last; that line is the answer.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');

export function runWorker<T>(script: string, args: (string | number)[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.resolve(ROOT, script), ...args.map(String)], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()!) as T);
      } catch {
        reject(new Error(`worker said: ${out} ${err}`));
      }
    });
  });
}
