/**
 * WCAG 2.2 contrast of the shop's main colour. The colour is used two ways: as text and
 * links on the white page, and as the background of buttons with white text. Both pairs are
 * (colour, white), and the contrast ratio is symmetric, so one ratio decides both; AA for
 * normal-size text asks 4.5:1. Pure.
 */

export const MIN_CONTRAST = 4.5;

/** "#0b6e4f" or "#0B6E4F" or "#abc" → "#0b6e4f"; anything else → null. */
export function normalizeHexColor(input: string): string | null {
  const v = input.trim().toLowerCase();
  const short = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  const long = /^#?([0-9a-f]{6})$/.exec(v);
  return long ? `#${long[1]}` : null;
}

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Relative luminance (WCAG 2.x definition, sRGB). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** "3,2:1", rounded DOWN to one decimal so a 4.47 never reads as the 4,5 it fails. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1).replace('.', ',')}:1`;
}

export type ColorCheck = { ok: true; color: string; ratio: number } | { ok: false; message: string };

export function checkBrandColor(input: string): ColorCheck {
  const color = normalizeHexColor(input);
  if (!color) return { ok: false, message: 'Informe a cor em hexadecimal, como #0b6e4f.' };
  const ratio = contrastRatio(color, '#ffffff');
  if (ratio < MIN_CONTRAST) {
    return {
      ok: false,
      message: `Contraste insuficiente: ${formatRatio(ratio)} com o fundo branco e com o texto branco dos botões (mínimo 4,5:1). Escolha uma cor mais escura.`,
    };
  }
  return { ok: true, color, ratio };
}

/** The colour mixed toward black (amount 0…1): hover and pressed states keep their contrast. */
export function darken(hex: string, amount: number): string {
  return mix(hex, [0, 0, 0], amount);
}

/** The colour mixed toward white: a soft background for badges, never for text. */
export function lighten(hex: string, amount: number): string {
  return mix(hex, [255, 255, 255], amount);
}

function mix(hex: string, to: [number, number, number], amount: number): string {
  const from = channels(hex);
  return `#${from.map((c, i) => Math.round(c + (to[i] - c) * amount).toString(16).padStart(2, '0')).join('')}`;
}
