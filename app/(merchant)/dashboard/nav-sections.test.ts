import { describe, expect, it } from 'vitest';
import { BOTTOM_BAR, bottomBarCurrent, SECTIONS, SETTINGS_PAGES } from './nav-sections';

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
