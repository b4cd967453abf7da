import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { CONSENT_COOKIE, consentOf } from '@/lib/pixels';
import { ConsentForm, ConsentWhy } from '../_components/consent-banner';

export const metadata: Metadata = { title: 'Preferências de cookies' };

const STATE = {
  accepted: 'Você aceitou os cookies de marketing.',
  refused: 'Você recusou os cookies de marketing.',
  unknown: 'Você ainda não respondeu sobre os cookies de marketing.',
} as const;

/**
 * "Preferências de cookies" (the shop's footer): the shopper's answer, and the banner's two
 * buttons to change it at any time (a plain form POST to /consentimento, so it works without
 * JavaScript). "Recusar" also deletes what an earlier "Aceitar" let the shop keep and not yet send.
 */
export default async function CookiePreferencesPage() {
  const consent = consentOf((await cookies()).get(CONSENT_COOKIE)?.value);
  return (
    <main className="container stack">
      <h1>Preferências de cookies</h1>
      <ConsentWhy />
      <p role="status" data-testid="cookie-state">
        {STATE[consent]}
      </p>
      <ConsentForm returnTo="/cookies" className="row" />
    </main>
  );
}
