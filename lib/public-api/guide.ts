/** The API guide (docs/api.md), served at Configurações → Integrações → "Guia da API". */
import 'server-only';
import { guideFromDocs, type GuideBlock } from '@/lib/shop/guide-markdown';

export function apiGuide(): GuideBlock[] {
  return guideFromDocs('api.md');
}
