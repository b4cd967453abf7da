import { describe, expect, it } from 'vitest';
import { checkBrandColor, contrastRatio, darken, formatRatio, lighten, normalizeHexColor } from './contrast';

describe('brand colour contrast', () => {
  it('computes the WCAG ratio (black on white is 21:1, white on white 1:1)', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The default green of the shop: 6.25:1.
    expect(contrastRatio('#0b6e4f', '#ffffff')).toBeGreaterThan(6.2);
  });

  it('accepts a dark colour and normalises it', () => {
    expect(checkBrandColor(' #0B6E4F ')).toMatchObject({ ok: true, color: '#0b6e4f' });
    expect(checkBrandColor('#036')).toMatchObject({ ok: true, color: '#003366' });
  });

  it('refuses a light colour, saying the ratio in Portuguese', () => {
    const r = checkBrandColor('#ffcc00');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^Contraste insuficiente: 1,[0-9]:1 .*mínimo 4,5:1/);
  });

  it('refuses a colour just under 4.5:1 (#777777 is 4.48:1) and accepts one just above (#767676 is 4.54:1)', () => {
    expect(checkBrandColor('#777777').ok).toBe(false);
    expect(checkBrandColor('#767676').ok).toBe(true);
    expect(formatRatio(4.478)).toBe('4,4:1');
  });

  it('refuses what is not a hex colour', () => {
    for (const bad of ['', 'green', '#12345', 'rgb(0,0,0)', '#gggggg']) expect(checkBrandColor(bad).ok).toBe(false);
    expect(normalizeHexColor('abcdef')).toBe('#abcdef');
  });

  it('mixes toward black and white', () => {
    expect(darken('#ffffff', 0.5)).toBe('#808080');
    expect(lighten('#000000', 1)).toBe('#ffffff');
  });
});
