/**
 * What the merchant sends: the link's address with "Copiar link", "Enviar pelo WhatsApp" (a
 * ready Portuguese message), "Copiar para o Instagram" (bio, stories, direct) and the QR code to
 * print or show at a counter (PNG download). The WhatsApp and Instagram addresses carry
 * `utm_source`, so the order's "Origem" says which one sold.
 */
import { CopyButton } from '@/app/_components/copy-button';
import styles from '../links.module.css';

export function SharePanel({ url, whatsappHref, instagramUrl, qrSrc, code, open }: { url: string; whatsappHref: string; instagramUrl: string; qrSrc: string; code: string; open: boolean }) {
  return (
    <section className={`card ${styles.share}`} aria-labelledby="compartilhar">
      <h2 id="compartilhar">Enviar ao comprador</h2>
      {!open ? (
        <p className="alert alert-warning" role="status">
          Este link não aceita pagamentos agora: quem abrir verá o motivo e nada para pagar.
        </p>
      ) : null}
      <div className={styles.urlBox}>
        <output className={styles.url} data-testid="link-url" aria-label="Endereço do link">
          {url}
        </output>
        <CopyButton value={url} label="Copiar link" />
      </div>
      <div className={styles.shareButtons}>
        <a href={whatsappHref} className={`btn ${styles.whatsapp}`} target="_blank" rel="noopener noreferrer">
          <WhatsAppIcon /> Enviar pelo WhatsApp
        </a>
        <CopyButton value={instagramUrl} label="Copiar para o Instagram" />
        <a href={url} className="btn btn-ghost" target="_blank" rel="noopener noreferrer">
          Abrir como comprador
        </a>
      </div>
      <div className={styles.qrRow}>
        {/* eslint-disable-next-line @next/next/no-img-element -- a PNG from our own session-checked route */}
        <img src={qrSrc} alt={`QR Code do link ${url}`} width={180} height={180} className={styles.qr} />
        <div className={styles.qrText}>
          <p className="small muted">Para imprimir ou mostrar no balcão: a câmera do celular abre o link.</p>
          <a href={`${qrSrc}?download=1`} download={`link-${code}.png`} className="btn btn-secondary">
            Baixar QR Code (PNG)
          </a>
        </div>
      </div>
    </section>
  );
}

function WhatsAppIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.3a.5.5 0 0 0 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.1 5.1 0 0 0 1.1 2.7 11.7 11.7 0 0 0 4.5 4 5.1 5.1 0 0 0 3.1.6 2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .2-1.3c-.1-.1-.3-.2-.5-.3z" />
    </svg>
  );
}
