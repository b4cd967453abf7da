import { describe, expect, it } from 'vitest';
import { checkDigitalText, checkDigitalUrl, downloadName, fileSizeText, sniffDigitalType } from './content';

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));
const zipHead = (firstName: string, content: string) => bytes([0x50, 0x4b, 0x03, 0x04], new Array(26).fill(0), firstName, content);

describe('sniffDigitalType: the content decides, never the name', () => {
  it('knows a PDF, a ZIP, an EPUB and an MP4 by their first bytes', () => {
    expect(sniffDigitalType(bytes('%PDF-1.7\n%âãÏÓ'))?.ext).toBe('pdf');
    expect(sniffDigitalType(zipHead('presets/a.xmp', 'x'.repeat(30)))?.ext).toBe('zip');
    expect(sniffDigitalType(zipHead('mimetype', 'application/epub+zip')))?.toMatchObject({ ext: 'epub', mime: 'application/epub+zip' });
    expect(sniffDigitalType(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0])))?.toMatchObject({ ext: 'mp4', mime: 'video/mp4' });
  });

  it('refuses anything else, whatever it is called: an image, a script, an executable, a short file', () => {
    expect(sniffDigitalType(bytes([0x89], 'PNG\r\n\x1a\n', new Array(8).fill(0)))).toBeNull();
    expect(sniffDigitalType(bytes('<script>alert(1)</script> %PDF-'))).toBeNull();
    expect(sniffDigitalType(bytes('MZ', new Array(60).fill(0)))).toBeNull();
    expect(sniffDigitalType(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBeNull();
    expect(sniffDigitalType(bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0]))).toBeNull();
    expect(sniffDigitalType(bytes('%PD'))).toBeNull();
    expect(sniffDigitalType(new Uint8Array())).toBeNull();
  });
});

describe('the download name', () => {
  it('drops a path, accents and odd characters, and takes the extension of what the bytes are', () => {
    expect(downloadName('C:\\Users\\ana\\Guia do Café (final).PDF', { mime: 'application/pdf', ext: 'pdf', label: 'PDF' })).toBe('Guia-do-Cafe-final.pdf');
    expect(downloadName('../../etc/passwd', { mime: 'application/zip', ext: 'zip', label: 'ZIP' })).toBe('passwd.zip');
    expect(downloadName('"; evil=.exe', { mime: 'video/mp4', ext: 'mp4', label: 'MP4' })).toBe('evil.mp4');
    expect(downloadName('', { mime: 'application/pdf', ext: 'pdf', label: 'PDF' })).toBe('arquivo.pdf');
  });
});

describe('a link and a text', () => {
  it('a link must be a whole http(s) address without credentials', () => {
    expect(checkDigitalUrl(' https://curso.example.com/aula-1 ')).toEqual({ ok: true, url: 'https://curso.example.com/aula-1' });
    for (const bad of ['', 'curso.example.com', 'javascript:alert(1)', 'ftp://x.example', 'https://ana:senha@x.example/', `https://x.example/${'a'.repeat(2000)}`]) {
      expect(checkDigitalUrl(bad).ok, bad.slice(0, 30)).toBe(false);
    }
  });

  it('a text is not blank and at most 2000 characters', () => {
    expect(checkDigitalText('  Código: CAFE-2026\r\nUse em loja.example  ')).toEqual({ ok: true, text: 'Código: CAFE-2026\nUse em loja.example' });
    expect(checkDigitalText('   ').ok).toBe(false);
    expect(checkDigitalText('a'.repeat(2001)).ok).toBe(false);
  });

  it('sizes read as people say them', () => {
    expect(fileSizeText(1536)).toBe('2 KB');
    expect(fileSizeText(1.25 * 1024 * 1024)).toBe('1,3 MB');
  });
});
