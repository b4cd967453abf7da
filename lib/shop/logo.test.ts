import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { logoChangeOf } from './logo';

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#7a3b12' } })
    .png()
    .toBuffer();

describe('logoChangeOf', () => {
  it('keeps or removes the logo when no file is sent', async () => {
    expect(await logoChangeOf(new File([], 'vazio.png'), false)).toEqual({ ok: true, change: { kind: 'keep' } });
    expect(await logoChangeOf(null, true)).toEqual({ ok: true, change: { kind: 'remove' } });
  });

  it('stores a PNG as WebP, at most 320 px wide', async () => {
    const r = await logoChangeOf(new File([new Uint8Array(await png(1200, 400))], 'logo.png', { type: 'image/png' }), false);
    if (!r.ok || r.change.kind !== 'set') throw new Error('expected a logo');
    expect(r.change.width).toBeLessThanOrEqual(320);
    expect((await sharp(r.change.bytes).metadata()).format).toBe('webp');
  });

  it('refuses a file that is not an image whatever its name says', async () => {
    const r = await logoChangeOf(new File(['<svg onload="alert(1)"/>'], 'logo.png', { type: 'image/png' }), false);
    expect(r).toEqual({ ok: false, message: 'Este arquivo não é uma imagem. Envie uma imagem JPEG, PNG ou WebP.' });
  });
});
