import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getShopIdentity, policyText, parseMarkdown, isPolicyKey, POLICIES } from '@/lib/shop';
import { PolicyMarkdown } from '../../_components/policy-markdown';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  return isPolicyKey(slug) ? { title: POLICIES[slug].title } : {};
}

/** /politicas/trocas | privacidade | termos: the merchant's text, or the default filled with the shop's data. */
export default async function PolicyPage({ params }: Props) {
  const { slug } = await params;
  if (!isPolicyKey(slug)) notFound();
  const shop = await getShopIdentity();
  const blocks = parseMarkdown(await policyText(slug, shop));
  return (
    <main className="container stack">
      <h1>{POLICIES[slug].title}</h1>
      <PolicyMarkdown blocks={blocks} />
    </main>
  );
}
