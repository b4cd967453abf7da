/**
 * The sandbox's labels on disk: one small JSON file (the app puts it beside the payment
 * sandbox's database), rewritten whole after each change through a temporary file and a rename,
 * so a crash leaves the old file or the new one, never half of one. A missing or damaged file
 * reads as an empty sandbox: this is a demo's carrier, not a ledger.
 */
import fs from 'node:fs';
import path from 'node:path';

export type StoredLabel = {
  id: string;
  protocol: string;
  serviceId: number;
  priceCents: number;
  status: 'pending' | 'paid' | 'generated';
  tracking: string | null;
  fromText: string;
  toText: string;
  createdAt: number;
  generatedAt: number | null;
  /** Steps moved by the simulator ("Avançar entrega"), on top of the clock's. */
  manualSteps: number;
  deliveryDays: number;
};

export type StoredState = { labels: StoredLabel[]; balanceCents: number; serial: number };

export function loadLabels(file: string): StoredState | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<StoredState>;
    if (!Array.isArray(parsed.labels) || !Number.isFinite(parsed.balanceCents) || !Number.isFinite(parsed.serial)) return null;
    return { labels: parsed.labels.filter((l) => l && typeof l.id === 'string'), balanceCents: parsed.balanceCents!, serial: parsed.serial! };
  } catch {
    return null;
  }
}

export function saveLabels(file: string, state: StoredState): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state));
  fs.renameSync(tmp, file);
}
