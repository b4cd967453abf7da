/**
 * A small, safe subset of Markdown for the policy pages, parsed to a tree that React renders
 * as elements (never as an HTML string): raw HTML is just text, and a link is kept only when
 * it points to http(s) or mailto, so a merchant's text cannot run a script or a javascript:
 * link. Blocks: headings (#, ##, ###), paragraphs, "-"/"*" and "1." lists. Inline: **bold**,
 * *italic* and [text](url). Pure.
 */

export type Inline = { type: 'text'; text: string } | { type: 'strong' | 'em'; children: Inline[] } | { type: 'link'; href: string; children: Inline[] };
export type Block =
  | { type: 'heading'; level: 2 | 3 | 4; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

/** http(s) with a host, a path of this site, or mailto with an address; anything else is dropped (the text stays). */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (/^\/(?![/\\])[^\s]*$/.test(href)) return href;
  if (/^mailto:[^\s@<>"]+@[^\s@<>"]+$/i.test(href)) return href;
  try {
    const url = new URL(href);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname ? url.toString() : null;
  } catch {
    return null;
  }
}

const INLINE = /\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\(([^)\s]+)\)/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push({ type: 'text', text: rest });
      break;
    }
    if (m.index > 0) out.push({ type: 'text', text: rest.slice(0, m.index) });
    if (m[1] !== undefined) out.push({ type: 'strong', children: parseInline(m[1]) });
    else if (m[2] !== undefined) out.push({ type: 'em', children: parseInline(m[2]) });
    else {
      const href = safeHref(m[4]);
      out.push(href ? { type: 'link', href, children: parseInline(m[3]) } : { type: 'text', text: m[3] });
    }
    rest = rest.slice(m.index + m[0].length);
  }
  // Adjacent text pieces joined, so the tree stays small and tests readable.
  return out.reduce<Inline[]>((acc, node) => {
    const last = acc[acc.length - 1];
    if (node.type === 'text' && last?.type === 'text') last.text += node.text;
    else acc.push(node);
    return acc;
  }, []);
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
    if (list) blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    paragraph = [];
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      // The page's own title is the h1: the merchant's headings start at h2.
      blocks.push({ type: 'heading', level: (heading[1].length + 1) as 2 | 3 | 4, children: parseInline(heading[2]) });
      continue;
    }
    const item = /^(?:([-*])|(\d{1,3})[.)])\s+(.*)$/.exec(line);
    if (item) {
      const ordered = item[2] !== undefined;
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[3]);
      continue;
    }
    if (list) {
      // A line under a list item continues it.
      list.items[list.items.length - 1] += ` ${line}`;
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}
