import { describe, expect, it } from 'vitest';
import { viewableHtml } from './catcher';

describe('viewableHtml', () => {
  it('inlines cid: images as data: URIs and leaves anything else alone', () => {
    const files = [
      { filename: 'pix-qr.png', contentType: 'image/png', cid: 'pix-qr@balcao', base64: 'iVBORw0K' },
      { filename: 'x.svg', contentType: 'image/svg+xml', cid: 'svg@x', base64: 'PHN2Zz4=' },
    ];
    expect(viewableHtml('<img src="cid:pix-qr@balcao"><img src="cid:svg@x"><img src="cid:missing">', files)).toBe(
      '<img src="data:image/png;base64,iVBORw0K"><img src="cid:svg@x"><img src="cid:missing">',
    );
  });
});
