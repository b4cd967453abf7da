/**
 * The folder map in architecture.md is the layer check's own output: its unindented lines are
 * what `node scripts/check-layers.mjs --layers` prints, in the same order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLayers } from '../scripts/check-layers.mjs';

const ROOT = path.resolve(__dirname, '..');

/** The unindented lines of the first code block under "## Map". */
export function mapLayers(markdown: string): string[] {
  const section = markdown.slice(markdown.indexOf('\n## Map\n'));
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block.split('\n').filter((line) => line.trim() !== '' && !/^\s/.test(line));
}

describe('docs/architecture.md, "Map"', () => {
  it('lists the folders exactly as the layer check finds them, layer by layer', () => {
    const printed = checkLayers(ROOT).layers.map((layer) => layer.join('  '));
    expect(mapLayers(fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8'))).toEqual(printed);
  });

  it('reads the map from the block, not from the prose around it', () => {
    const md = 'intro\n\n## Map\n\ntext\n\n```\nlib/a  lib/b\n    what a and b are\nlib/c\n```\n\nafter\n```\nnot/this\n```\n';
    expect(mapLayers(md)).toEqual(['lib/a  lib/b', 'lib/c']);
  });
});
