import type { Metadata } from 'next';
import { requireMerchant } from '@/lib/auth';
import { merchantGuide } from '@/lib/shop';
import { GuideMarkdown } from '@/app/(merchant)/dashboard/_components/guide-markdown';

export const metadata: Metadata = { title: 'Guia do lojista' };

/** The merchant's guide (docs/guia-do-lojista.md): how to do things in the dashboard, in Portuguese. */
export default async function MerchantGuidePage() {
  await requireMerchant('/dashboard/ajuda');
  return (
    <div className="stack">
      <h1>Guia do lojista</h1>
      <GuideMarkdown blocks={merchantGuide()} />
    </div>
  );
}
