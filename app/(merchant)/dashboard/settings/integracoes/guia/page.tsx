import type { Metadata } from 'next';
import Link from 'next/link';
import { requireMerchant } from '@/lib/auth';
import { apiGuide } from '@/lib/public-api';
import { GuideMarkdown } from '@/app/(merchant)/dashboard/_components/guide-markdown';

export const metadata: Metadata = { title: 'Guia da API · Integrações' };

/** The API guide (docs/api.md) served by the app, for whoever builds the integration; behind the session like the rest of Configurações. */
export default async function ApiGuidePage() {
  await requireMerchant('/dashboard/settings/integracoes/guia');
  return (
    <div className="stack">
      <p>
        <Link href="/dashboard/settings/integracoes">← Integrações</Link>
      </p>
      <h1>Guia da API</h1>
      <GuideMarkdown blocks={apiGuide()} />
    </div>
  );
}
