/** Pictures for photo tests, made in memory as PNG. */
import sharp from 'sharp';

/** A photo with detail everywhere (noise): large in every format; a flat colour compresses to nothing. */
export function noisy(width: number, height: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < data.length; i++) data[i] = (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 23;
  return sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer();
}
