/**
 * Where the e2e suite's time goes (E2E_PROFILE=1 adds this reporter, playwright.config.ts):
 * per spec file, and across the suite the time spent signing in, in axe scans, in screenshots
 * and in navigations. Written to test-results/e2e-profile.json and summed up on the console.
 * signIn and the axe scan are boxed steps (e2e/shop-helpers.ts, e2e/axe.ts), so their time is
 * the step's; a screenshot or navigation inside one of them is counted only there.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

type Bucket = { count: number; ms: number };

const KINDS: Array<[kind: string, test: (s: TestStep) => boolean]> = [
  ['sign-in (form)', (s) => s.category === 'test.step' && s.title.startsWith('sign in')],
  ['sign-in (stored session)', (s) => s.category === 'test.step' && s.title.startsWith('stored session')],
  ['axe scan', (s) => s.category === 'test.step' && s.title.startsWith('axe')],
  ['axe scan (already done)', (s) => s.category === 'test.step' && s.title.startsWith('skip axe')],
  ['screenshot', (s) => s.category === 'pw:api' && /screenshot/i.test(s.title)],
  ['navigation', (s) => s.category === 'pw:api' && /^(Navigate|page\.goto|Reload)/i.test(s.title)],
];

function kindOf(step: TestStep): string | undefined {
  return KINDS.find(([, test]) => test(step))?.[0];
}

/** The outermost counted kind: a step inside a counted step is part of it. */
function counted(step: TestStep): string | undefined {
  for (let s = step.parent; s; s = s.parent) if (kindOf(s)) return undefined;
  return kindOf(step);
}

export default class ProfileReporter implements Reporter {
  private readonly kinds = new Map<string, Bucket>();
  private readonly files = new Map<string, Bucket>();
  private readonly tests: Array<{ title: string; file: string; ms: number; status: string }> = [];
  private started = Date.now();

  onBegin() {
    this.started = Date.now();
  }

  onStepEnd(_test: TestCase, _result: TestResult, step: TestStep) {
    const kind = counted(step);
    if (!kind) return;
    const b = this.kinds.get(kind) ?? { count: 0, ms: 0 };
    b.count += 1;
    b.ms += step.duration;
    this.kinds.set(kind, b);
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const file = `${test.parent.project()?.name ?? ''}:${path.basename(test.location.file)}`;
    const b = this.files.get(file) ?? { count: 0, ms: 0 };
    b.count += 1;
    b.ms += result.duration;
    this.files.set(file, b);
    this.tests.push({ title: test.titlePath().slice(2).join(' › '), file, ms: result.duration, status: result.status });
  }

  onEnd(result: FullResult) {
    const wallMs = Date.now() - this.started;
    const byMs = (a: [string, Bucket], b: [string, Bucket]) => b[1].ms - a[1].ms;
    const testsMs = this.tests.reduce((s, t) => s + t.ms, 0);
    const report = {
      status: result.status,
      wallMs,
      testsMs,
      tests: this.tests.length,
      kinds: Object.fromEntries([...this.kinds].sort(byMs)),
      files: Object.fromEntries([...this.files].sort(byMs)),
      slowest: [...this.tests].sort((a, b) => b.ms - a.ms).slice(0, 15),
    };
    fs.mkdirSync('test-results', { recursive: true });
    fs.writeFileSync('test-results/e2e-profile.json', JSON.stringify(report, null, 2));
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = [`e2e profile: wall ${s(wallMs)}, ${this.tests.length} tests, ${s(testsMs)} in tests`];
    for (const [kind, b] of Object.entries(report.kinds)) lines.push(`  ${kind.padEnd(26)} ${String(b.count).padStart(4)} × ${s(b.ms / b.count)} = ${s(b.ms)}`);
    for (const [file, b] of Object.entries(report.files)) lines.push(`  ${file.padEnd(40)} ${String(b.count).padStart(3)} tests ${s(b.ms)}`);
    console.log(lines.join('\n'));
  }

  printsToStdio() {
    return false;
  }
}
