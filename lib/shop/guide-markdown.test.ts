import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorOf, parseGuide, parseGuideInline } from './guide-markdown';

describe('parseGuide', () => {
  it('reads headings, code fences, pipe tables, lists and code spans', () => {
    const blocks = parseGuide(
      ['# Título', '', 'Texto com `GET /orders` e **negrito**.', '', '```bash', 'curl -X POST <b>', '```', '', '| a | b |', '|---|---|', '| `x` | y |', '', '- um', '  continua', '- dois'].join('\n'),
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'code', 'table', 'list']);
    expect(blocks[1]).toMatchObject({ children: [{ type: 'text', text: 'Texto com ' }, { type: 'code', text: 'GET /orders' }, { type: 'text', text: ' e ' }, { type: 'strong' }, { type: 'text', text: '.' }] });
    expect(blocks[2]).toEqual({ type: 'code', text: 'curl -X POST <b>' });
    expect(blocks[3]).toMatchObject({ type: 'table', head: [[{ text: 'a' }], [{ text: 'b' }]], rows: [[[{ type: 'code', text: 'x' }], [{ text: 'y' }]]] });
    expect(blocks[4]).toMatchObject({ type: 'list', ordered: false, items: [[{ text: 'um continua' }], [{ text: 'dois' }]] });
  });

  it('keeps an unsafe link as text, never as a link', () => {
    expect(parseGuideInline('[x](javascript:alert(1))').some((n) => n.type === 'link')).toBe(false);
  });

  it('anchors headings without accents', () => {
    expect(anchorOf('Walk-through with curl')).toBe('walk-through-with-curl');
    expect(anchorOf('Configurações → Integrações')).toBe('configuracoes-integracoes');
  });

  it('leaves out a line that is only a picture, and keeps a paragraph that mentions one', () => {
    const blocks = parseGuide(['Antes.', '', '![Pedido pago](screenshots/order-paid.png)', '', '![a](x.png) ![b](y.png)', '', 'Depois.'].join('\n'));
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'paragraph']);
  });

  it('parses the real docs/guia-do-lojista.md into sections with stable anchors', () => {
    const blocks = parseGuide(readFileSync(path.resolve(__dirname, '../../docs/guia-do-lojista.md'), 'utf8'));
    const headings = blocks.filter((b) => b.type === 'heading').map((b) => b.id);
    expect(headings).toEqual(expect.arrayContaining(['configurar-a-loja', 'acompanhar-um-pedido', 'reembolsar']));
  });

  it('parses the real docs/api.md: its sections and its curl walk-through', () => {
    const blocks = parseGuide(readFileSync(path.resolve(__dirname, '../../docs/api.md'), 'utf8'));
    const headings = blocks.filter((b) => b.type === 'heading').map((b) => b.id);
    expect(headings).toEqual(expect.arrayContaining(['keys', 'webhooks']));
    expect(blocks.some((b) => b.type === 'code' && b.text.includes('curl'))).toBe(true);
    expect(blocks.some((b) => b.type === 'table')).toBe(true);
  });
});
