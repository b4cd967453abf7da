import Link from 'next/link';
import type { Block, Inline } from '@/lib/shop';

/** The policy's Markdown tree as React elements: text is escaped by React, links were checked by safeHref. */
function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return (
    <>
      {nodes.map((n, i) => {
        if (n.type === 'text') return n.text;
        if (n.type !== 'link') {
          const Tag = n.type;
          return <Tag key={i}><InlineNodes nodes={n.children} /></Tag>;
        }
        if (n.href.startsWith('/')) return <Link key={i} href={n.href}><InlineNodes nodes={n.children} /></Link>;
        return (
          <a key={i} href={n.href} rel="noopener noreferrer nofollow">
            <InlineNodes nodes={n.children} />
          </a>
        );
      })}
    </>
  );
}

export function PolicyMarkdown({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((b, i) => {
        if (b.type === 'heading') {
          const H = `h${b.level}` as 'h2' | 'h3' | 'h4';
          return <H key={i}><InlineNodes nodes={b.children} /></H>;
        }
        if (b.type === 'paragraph') return <p key={i}><InlineNodes nodes={b.children} /></p>;
        const L = b.ordered ? 'ol' : 'ul';
        return (
          <L key={i}>
            {b.items.map((item, j) => (
              <li key={j}><InlineNodes nodes={item} /></li>
            ))}
          </L>
        );
      })}
    </>
  );
}
