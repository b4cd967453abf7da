import Link from 'next/link';
import type { GuideBlock, GuideInline } from '@/lib/shop';
import styles from './guide.module.css';

/** The guide's tree as React elements: text is escaped by React, links were checked by safeHref (lib/shop/markdown.ts). */
function Inlines({ nodes }: { nodes: GuideInline[] }) {
  return (
    <>
      {nodes.map((n, i) => {
        if (n.type === 'text') return n.text;
        if (n.type === 'code') return <code key={i}>{n.text}</code>;
        if (n.type !== 'link') {
          const Tag = n.type;
          return (
            <Tag key={i}>
              <Inlines nodes={n.children} />
            </Tag>
          );
        }
        if (n.href.startsWith('/'))
          return (
            <Link key={i} href={n.href}>
              <Inlines nodes={n.children} />
            </Link>
          );
        return (
          <a key={i} href={n.href} rel="noopener noreferrer">
            <Inlines nodes={n.children} />
          </a>
        );
      })}
    </>
  );
}

/** The page has its own h1: the guide's "#" title is dropped and its sections start at h2. */
export function GuideMarkdown({ blocks }: { blocks: GuideBlock[] }) {
  return (
    <div className={styles.guide}>
      {blocks.map((b, i) => {
        if (b.type === 'heading') {
          if (b.level === 1) return null;
          const H = `h${Math.min(b.level, 4)}` as 'h2' | 'h3' | 'h4';
          return (
            <H key={i} id={b.id}>
              <Inlines nodes={b.children} />
            </H>
          );
        }
        if (b.type === 'paragraph')
          return (
            <p key={i}>
              <Inlines nodes={b.children} />
            </p>
          );
        if (b.type === 'code')
          return (
            <pre key={i} className={styles.code} tabIndex={0} aria-label="Exemplo de código">
              <code>{b.text}</code>
            </pre>
          );
        if (b.type === 'table')
          return (
            <div key={i} className="table-wrap" tabIndex={0} role="region" aria-label="Tabela do guia">
              <table>
                <thead>
                  <tr>
                    {b.head.map((c, j) => (
                      <th key={j} scope="col">
                        <Inlines nodes={c} />
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {b.rows.map((r, j) => (
                    <tr key={j}>
                      {r.map((c, k) => (
                        <td key={k}>
                          <Inlines nodes={c} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        const L = b.ordered ? 'ol' : 'ul';
        return (
          <L key={i}>
            {b.items.map((item, j) => (
              <li key={j}>
                <Inlines nodes={item} />
              </li>
            ))}
          </L>
        );
      })}
    </div>
  );
}
