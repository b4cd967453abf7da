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

/** What `.` does not match in a JavaScript regex: bold and italic do not cross them. */
const isLineBreak = (c: number) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
/** What `\s` matches (a link's URL holds none): ASCII first, the rest of Unicode's spaces by the regex. */
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || (c >= 0xa0 && /\s/.test(String.fromCharCode(c)));

/**
 * "Where is the next mark at or after i", for every i, in one backward pass: each inline rule
 * then finds its closing mark in O(1). A regex (`\[([^\]]+)\]\(…`) retried after every unclosed
 * "[" re-read the rest of the line each time: a 19 KB policy of "[" cost 350 ms a view.
 */
type Marks = { star: Int32Array; doubleStar: Int32Array; closeBracket: Int32Array; linkEnd: Int32Array; lineBreak: Int32Array };

function marksOf(text: string): Marks {
  const n = text.length;
  const m: Marks = { star: new Int32Array(n + 1), doubleStar: new Int32Array(n + 1), closeBracket: new Int32Array(n + 1), linkEnd: new Int32Array(n + 1), lineBreak: new Int32Array(n + 1) };
  m.star[n] = m.doubleStar[n] = m.closeBracket[n] = m.linkEnd[n] = m.lineBreak[n] = n;
  let after = -1;
  for (let i = n - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    m.star[i] = c === 42 ? i : m.star[i + 1];
    m.doubleStar[i] = c === 42 && after === 42 ? i : m.doubleStar[i + 1];
    m.closeBracket[i] = c === 93 ? i : m.closeBracket[i + 1];
    // A link's URL runs to its ")" and holds no space.
    m.linkEnd[i] = c === 41 || isSpace(c) ? i : m.linkEnd[i + 1];
    m.lineBreak[i] = isLineBreak(c) ? i : m.lineBreak[i + 1];
    after = c;
  }
  return m;
}

type InlineMatch = { kind: 'strong' | 'em'; inner: [number, number]; end: number } | { kind: 'link'; inner: [number, number]; href: string; end: number };

/**
 * The inline mark starting at `i` inside [.., end), read exactly as `**(.+?)**`, then `*(.+?)*`,
 * then `[text](url)` (no space in the URL) would read it; null when none starts there.
 */
function matchAt(text: string, m: Marks, i: number, end: number): InlineMatch | null {
  const at = (k: number) => Math.min(k, text.length);
  if (text[i] === '*') {
    if (text[i + 1] === '*' && i + 3 <= end) {
      const close = m.doubleStar[at(i + 3)];
      if (close + 1 < end && m.lineBreak[i + 2] >= close) return { kind: 'strong', inner: [i + 2, close], end: close + 2 };
    }
    if (i + 2 <= end) {
      const close = m.star[at(i + 2)];
      if (close < end && m.lineBreak[i + 1] >= close) return { kind: 'em', inner: [i + 1, close], end: close + 1 };
    }
    return null;
  }
  if (text[i] === '[') {
    const close = m.closeBracket[i + 1];
    if (close === i + 1 || close + 1 >= end || text[close + 1] !== '(') return null;
    const urlEnd = m.linkEnd[close + 2];
    if (urlEnd === close + 2 || urlEnd >= end || text[urlEnd] !== ')') return null;
    return { kind: 'link', inner: [i + 1, close], href: text.slice(close + 2, urlEnd), end: urlEnd + 1 };
  }
  return null;
}

function parseRange(text: string, m: Marks, from: number, to: number): Inline[] {
  const out: Inline[] = [];
  let textStart = from;
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    const found = c === 42 || c === 91 ? matchAt(text, m, i, to) : null;
    if (!found) {
      i++;
      continue;
    }
    if (i > textStart) out.push({ type: 'text', text: text.slice(textStart, i) });
    const children = parseRange(text, m, found.inner[0], found.inner[1]);
    if (found.kind === 'link') {
      const href = safeHref(found.href);
      out.push(href ? { type: 'link', href, children } : { type: 'text', text: text.slice(found.inner[0], found.inner[1]) });
    } else out.push({ type: found.kind, children });
    i = textStart = found.end;
  }
  if (textStart < to) out.push({ type: 'text', text: text.slice(textStart, to) });
  // Adjacent text pieces joined, so the tree stays small and tests readable.
  return out.reduce<Inline[]>((acc, node) => {
    const last = acc[acc.length - 1];
    if (node.type === 'text' && last?.type === 'text') last.text += node.text;
    else acc.push(node);
    return acc;
  }, []);
}

/** **bold**, *italic* and [text](url), in time linear in the text's length (each mark's close is looked up, never searched for). */
export function parseInline(text: string): Inline[] {
  return parseRange(text, marksOf(text), 0, text.length);
}

export type TextBlock<I> = { type: 'paragraph'; children: I[] } | { type: 'list'; ordered: boolean; items: I[][] };

/**
 * The paragraph or list a block parser is in the middle of (this file's and the API guide's,
 * lib/public-api/guide.ts): lines gather into a paragraph, items into a list of one kind, and
 * `flush` hands what was gathered to `emit` as a block, its text through `inline`.
 */
export function textBlocks<I>(inline: (text: string) => I[], emit: (block: TextBlock<I>) => void) {
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) emit({ type: 'paragraph', children: inline(paragraph.join(' ')) });
    if (list) emit({ type: 'list', ordered: list.ordered, items: list.items.map(inline) });
    paragraph = [];
    list = null;
  };
  return {
    flush,
    /** Within a list? */
    inList: () => list !== null,
    /** A list item; a paragraph, or a list of the other kind, ends first. */
    item(ordered: boolean, text: string) {
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(text);
    },
    /** A line that continues the list's last item. */
    continueItem(line: string) {
      if (list) list.items[list.items.length - 1] += ` ${line}`;
    },
    /** A paragraph's line; a list ends first. */
    text(line: string) {
      if (list) flush();
      paragraph.push(line);
    },
  };
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const open = textBlocks(parseInline, (block) => blocks.push(block));
  const flush = open.flush;
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
      open.item(item[2] !== undefined, item[3]);
      continue;
    }
    // A line under a list item continues it.
    if (open.inList()) open.continueItem(line);
    else open.text(line);
  }
  flush();
  return blocks;
}
