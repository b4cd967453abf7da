'use client';
/**
 * "Receber atualizações pelo WhatsApp": unticked until the buyer ticks it (LGPD consent, stored
 * with the order), offered only once a "Celular (WhatsApp)" is typed — it listens to the phone
 * field of its form. Without JavaScript it shows whenever the page was rendered with a phone.
 */
import { useEffect, useRef, useState } from 'react';
import styles from './checkout.module.css';

export function WhatsappConsent({ initialPhone, initialChecked }: { initialPhone: string; initialChecked: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(initialPhone.replace(/\D/g, '').length > 0);
  useEffect(() => {
    const form = ref.current?.closest('form');
    const phone = form?.elements.namedItem('phone');
    if (!(phone instanceof HTMLInputElement)) return;
    const update = () => setShown(phone.value.replace(/\D/g, '').length > 0);
    update();
    phone.addEventListener('input', update);
    return () => phone.removeEventListener('input', update);
  }, []);
  // The anchor stays (it finds the form); the box itself is only there once a phone is typed.
  return (
    <div ref={ref} data-testid="whatsapp-consent">
      {shown ? (
        <label className={styles.sameAddress}>
          <input type="checkbox" name="whatsappConsent" value="on" defaultChecked={initialChecked} />
          Receber atualizações pelo WhatsApp
        </label>
      ) : null}
    </div>
  );
}
