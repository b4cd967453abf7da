import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Balcão', template: '%s · Balcão' },
  description: 'Pague com Pix ou boleto em segundos.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#0b6e4f' };

/**
 * Every page renders per request: proxy.ts gives each response a CSP nonce, and a page
 * prerendered at build time would carry scripts without it (the browser would block them).
 */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  await connection();
  return (
    <html lang="pt-BR">
      <body>
        <a className="skip-link" href="#conteudo">
          Pular para o conteúdo
        </a>
        {children}
      </body>
    </html>
  );
}
