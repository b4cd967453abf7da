/**
 * The merchant's guide (docs/guia-do-lojista.md), served at /dashboard/ajuda, and where each
 * settings page's help lands in it. The anchors are the guide's own headings (anchorOf), so a
 * renamed heading fails merchant-guide.test.ts instead of leaving a dead link.
 */
import 'server-only';
import { guideFromDocs, type GuideBlock } from './guide-markdown';

export function merchantGuide(): GuideBlock[] {
  return guideFromDocs('guia-do-lojista.md');
}
