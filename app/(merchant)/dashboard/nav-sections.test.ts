import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseGuide } from '@/lib/shop/guide-markdown';
import { BOTTOM_BAR, bottomBarCurrent, GUIDE_SECTION, SECTIONS, SETTINGS_PAGES } from './nav-sections';

describe('bottomBarCurrent', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard/orders', '/dashboard/orders'],
    ['/dashboard/orders/abc', '/dashboard/orders'],
    ['/dashboard/produtos/novo', '/dashboard/produtos'],
    ['/dashboard/links', '/dashboard/mais'],
    ['/dashboard/settings/equipe', '/dashboard/mais'],
    ['/dashboard/mais', '/dashboard/mais'],
    ['/login', null],
  ])('%s lights %s', (path, expected) => {
    expect(bottomBarCurrent(path)).toBe(expected);
  });

  it('reaches every section and every settings page from the bar or from "Mais"', () => {
    const bar = new Set<string>(BOTTOM_BAR.map((b) => b.href));
    const more = [...SECTIONS.map((s) => s.href), ...SETTINGS_PAGES.map((s) => s.href)];
    for (const href of more) expect(bar.has(href) || bottomBarCurrent(href) === '/dashboard/mais').toBe(true);
  });
});

describe("the settings pages' help", () => {
  it("lands on a section the merchant's guide has", () => {
    const blocks = parseGuide(readFileSync(path.resolve(__dirname, '../../../docs/guia-do-lojista.md'), 'utf8'));
    const anchors = new Set(blocks.flatMap((b) => (b.type === 'heading' ? [b.id] : [])));
    expect(Object.entries(GUIDE_SECTION).filter(([, anchor]) => !anchors.has(anchor))).toEqual([]);
  });
});
