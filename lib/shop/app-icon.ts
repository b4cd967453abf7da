/**
 * The installed dashboard's icon (the web app manifest's 192 and 512 px PNGs, the Apple touch
 * icon): the shop's logo centred on white when it has one, else Balcão's own mark. Drawn by
 * sharp on first ask and kept per size and logo, so a new logo gets a new icon.
 */
import 'server-only';
import sharp from 'sharp';
import { processSingleton } from '@/lib/process/context';
import { getShopIdentity, logoFile } from './identity';

export const APP_ICON_SIZES = [192, 512] as const;
export type AppIconSize = (typeof APP_ICON_SIZES)[number] | 180;

// app/icon.svg, the mark the browser tab shows, at any size.
const MARK = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="512" height="512">
  <rect width="32" height="32" fill="#0b6e4f"/>
  <path d="M7 12h16v3.5a8 8 0 0 1-16 0z" fill="#ffffff"/>
  <path d="M23 13.5h1.5a2.75 2.75 0 0 1 0 5.5H22.5" stroke="#ffffff" stroke-width="2" fill="none"/>
  <rect x="6" y="24.5" width="20" height="2.5" rx="1.25" fill="#ffffff"/>
  <path d="M12 9.5q-1.5-2 0-4M16 9.5q-1.5-2 0-4" stroke="#c9e6da" stroke-width="1.5" fill="none" stroke-linecap="round"/>
</svg>`;

const drawn = processSingleton('shop.app-icons', () => new Map<string, Buffer>());

/** The PNG at `size`, square and opaque (a "maskable" icon: the logo keeps a 20 % safe margin). */
export async function appIconPng(size: AppIconSize): Promise<Buffer> {
  const shop = await getShopIdentity();
  const key = `${size}:${shop.logo?.hash ?? 'mark'}`;
  const cache = drawn();
  const hit = cache.get(key);
  if (hit) return hit;
  const logo = shop.logo ? await logoFile(shop.logo.hash) : null;
  let png: Buffer;
  if (logo) {
    const inner = Math.round(size * 0.6);
    const fitted = await sharp(logo).resize(inner, inner, { fit: 'contain', background: '#ffffff' }).flatten({ background: '#ffffff' }).png().toBuffer();
    png = await sharp({ create: { width: size, height: size, channels: 3, background: '#ffffff' } })
      .composite([{ input: fitted, gravity: 'centre' }])
      .png()
      .toBuffer();
  } else {
    png = await sharp(Buffer.from(MARK), { density: Math.ceil((72 * size) / 512) + 72 }).resize(size, size).flatten({ background: '#0b6e4f' }).png().toBuffer();
  }
  cache.set(key, png);
  return png;
}
