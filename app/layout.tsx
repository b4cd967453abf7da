import type { Metadata, Viewport } from 'next';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Balcão', template: '%s · Balcão' },
  description: 'Pague com Pix ou boleto em segundos.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#0b6e4f' };

export default function RootLayout({ children }: { children: React.ReactNode }) {
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
