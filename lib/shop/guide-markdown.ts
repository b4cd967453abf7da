/**
 * A guide under docs/ served as a page of the dashboard (the API guide, docs/api.md; the
 * merchant's guide, docs/guia-do-lojista.md): the repository's one copy of each, rendered as
 * React elements, never as an HTML string. Beyond the policies' safe Markdown (./markdown.ts,
 * whose inline rules it reuses: bold, italic, links kept only to http(s), mailto or a path of
 * this site), a guide has code: ``` fences become <pre><code>, `code` spans stay code, and pipe
 * tables become tables. Pictures are for readers of the repository: a line that is only an
 * image is left out of the page. Each file is read once per process from the working directory
 * (next.config.mjs traces it into a standalone build).
 */
import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseInline, textBlocks, type Inline } from './markdown';

export type GuideInline = Inline | { type: 'code'; text: string };
export type GuideBlock =
  | { type: 'heading'; level: 1 | 2 | 3 | 4; id: string; children: GuideInline[] }
  | { type: 'paragraph'; children: GuideInline[] }
  | { type: 'list'; ordered: boolean; items: GuideInline[][] }
  | { type: 'code'; text: string }
  | { type: 'table'; head: GuideInline[][]; rows: GuideInline[][][] };

/** `code` spans as code; the text between them through the safe inline rules. Pure. */
export function parseGuideInline(text: string): GuideInline[] {
  const out: GuideInline[] = [];
  const parts = text.split(/(`[^`]+`)/);
  for (const part of parts) {
    if (!part) continue;
    if (part.length > 1 && part.startsWith('`') && part.endsWith('`')) out.push({ type: 'code', text: part.slice(1, -1) });
    else out.push(...parseInline(part));
  }
  return out;
}

/** A heading's anchor: lower-case words joined by "-" (accents kept out). */
export function anchorOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const cells = (line: string) =>
  line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => parseGuideInline(c.trim()));

/** The guide's Markdown as blocks. Pure. */
export function parseGuide(source: string): GuideBlock[] {
  const blocks: GuideBlock[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const open = textBlocks(parseGuideInline, (block) => blocks.push(block));
  const flush = open.flush;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const line = raw.trim();
    if (line.startsWith('```')) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i].trim().startsWith('```'); i++) code.push(lines[i]);
      blocks.push({ type: 'code', text: code.join('\n') });
      continue;
    }
    if (!line) {
      flush();
      continue;
    }
    if (/^(!\[[^\]]*\]\([^)]*\)\s*)+$/.test(line)) continue;
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: 'heading', level: heading[1].length as 1 | 2 | 3 | 4, id: anchorOf(heading[2]), children: parseGuideInline(heading[2]) });
      continue;
    }
    if (line.startsWith('|') && /^\|?\s*:?-{3,}/.test(lines[i + 1]?.trim() ?? '')) {
      flush();
      const head = cells(line);
      const rows: GuideInline[][][] = [];
      for (i += 2; i < lines.length && lines[i].trim().startsWith('|'); i++) rows.push(cells(lines[i].trim()));
      i--;
      blocks.push({ type: 'table', head, rows });
      continue;
    }
    const item = /^([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      open.item(/\d/.test(item[1]), item[2]);
      continue;
    }
    // A list item's continuation line (indented) belongs to the item; any other line ends the list.
    if (open.inList() && /^\s+/.test(raw)) open.continueItem(line);
    else open.text(line);
  }
  flush();
  return blocks;
}

const cached = new Map<string, GuideBlock[]>();

/** docs/<fileName>, parsed once per process. */
export function guideFromDocs(fileName: 'api.md' | 'guia-do-lojista.md'): GuideBlock[] {
  let blocks = cached.get(fileName);
  if (!blocks) {
    blocks = parseGuide(readFileSync(path.join(process.cwd(), 'docs', fileName), 'utf8'));
    cached.set(fileName, blocks);
  }
  return blocks;
}
