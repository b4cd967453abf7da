import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from './markdown';

describe('policy markdown', () => {
  it('parses headings (from h2), paragraphs and both kinds of list', () => {
    expect(parseMarkdown('# Trocas\n\nTexto em\nduas linhas.\n\n- um\n- dois\n\n1. primeiro\n2. segundo')).toEqual([
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Trocas' }] },
      { type: 'paragraph', children: [{ type: 'text', text: 'Texto em duas linhas.' }] },
      { type: 'list', ordered: false, items: [[{ type: 'text', text: 'um' }], [{ type: 'text', text: 'dois' }]] },
      { type: 'list', ordered: true, items: [[{ type: 'text', text: 'primeiro' }], [{ type: 'text', text: 'segundo' }]] },
    ]);
  });

  it('reads bold, italic and links', () => {
    expect(parseInline('**7 dias** e *sem custo*: [fale](mailto:a@b.com.br)')).toEqual([
      { type: 'strong', children: [{ type: 'text', text: '7 dias' }] },
      { type: 'text', text: ' e ' },
      { type: 'em', children: [{ type: 'text', text: 'sem custo' }] },
      { type: 'text', text: ': ' },
      { type: 'link', href: 'mailto:a@b.com.br', children: [{ type: 'text', text: 'fale' }] },
    ]);
  });

  it('keeps only http(s) and mailto links; a javascript: or data: link becomes its text', () => {
    const js = parseInline('[clique](javascript:alert%281%29)');
    expect(js).toEqual([{ type: 'text', text: 'clique' }]);
    expect(parseInline('[x](data:text/html,oi)')).toEqual([{ type: 'text', text: 'x' }]);
    expect(safeHref('https://procon.sp.gov.br')).toBe('https://procon.sp.gov.br/');
    expect(safeHref('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('/\\evil.example')).toBeNull();
    expect(safeHref('/politicas/trocas')).toBe('/politicas/trocas');
  });

  it('raw HTML is plain text, never markup', () => {
    expect(parseMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)>')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '<script>alert(1)</script> <img src=x onerror=alert(1)>' }] },
    ]);
  });
});
