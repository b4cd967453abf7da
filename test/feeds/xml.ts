/**
 * A strict, small XML reader for the feed tests: well-formedness (one root, balanced tags,
 * quoted attributes, only the five named entities and character references, no stray "<" or
 * "&") and namespace prefixes declared. Throws on the first fault. Enough for RSS; not general.
 */
export type XmlElement = { name: string; attrs: Record<string, string>; children: XmlElement[]; text: string };

const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;

function decode(raw: string, at: number): string {
  if (/<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(raw)) throw new Error(`bad character data near ${at}: ${raw.slice(0, 40)}`);
  return raw
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!)
    .replace(/&#x([0-9a-fA-F]+);/g, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)));
}

export function parseXml(xml: string): XmlElement {
  let i = 0;
  const decl = /^<\?xml [^?]*\?>\s*/.exec(xml);
  if (decl) i = decl[0].length;
  const stack: XmlElement[] = [];
  const namespaces: Set<string>[] = [new Set(['xml'])];
  let root: XmlElement | null = null;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = lt === -1 ? xml.slice(i) : xml.slice(i, lt);
    if (text) {
      if (stack.length === 0) {
        if (text.trim()) throw new Error(`text outside the root near ${i}`);
      } else stack[stack.length - 1].text += decode(text, i);
    }
    if (lt === -1) break;
    const gt = xml.indexOf('>', lt);
    if (gt === -1) throw new Error(`unclosed tag at ${lt}`);
    const tag = xml.slice(lt + 1, gt);
    i = gt + 1;
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      const open = stack.pop();
      namespaces.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name}> at ${lt}`);
      if (stack.length === 0) root = open;
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const m = /^([^\s]+)((?:\s+[^\s=]+="[^"<]*")*)\s*$/.exec(body);
    if (!m || !NAME.test(m[1])) throw new Error(`malformed tag <${tag}> at ${lt}`);
    if (stack.length === 0 && root) throw new Error('a second root element');
    const attrs: Record<string, string> = {};
    for (const a of m[2].matchAll(/([^\s=]+)="([^"]*)"/g)) {
      if (a[1] in attrs) throw new Error(`attribute ${a[1]} twice`);
      attrs[a[1]] = decode(a[2], lt);
    }
    const scope = new Set(namespaces[namespaces.length - 1]);
    for (const k of Object.keys(attrs)) if (k.startsWith('xmlns:')) scope.add(k.slice(6));
    const prefix = m[1].includes(':') ? m[1].split(':')[0] : null;
    if (prefix && !scope.has(prefix)) throw new Error(`undeclared namespace prefix ${prefix} at ${lt}`);
    const el: XmlElement = { name: m[1], attrs, children: [], text: '' };
    if (stack.length > 0) stack[stack.length - 1].children.push(el);
    if (selfClosing) {
      if (stack.length === 0) root = el;
    } else {
      stack.push(el);
      namespaces.push(scope);
    }
  }
  if (stack.length > 0 || !root) throw new Error(`unclosed <${stack[stack.length - 1]?.name}>`);
  return root;
}

export const child = (el: XmlElement, name: string) => el.children.find((c) => c.name === name);
export const childrenNamed = (el: XmlElement, name: string) => el.children.filter((c) => c.name === name);
