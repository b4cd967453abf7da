/** The API guide (docs/api.md), served at Configurações → Integrações → "Guia da API". */
import 'server-only';
import { guideFromDocs, type GuideBlock } from '@/lib/shop';

export function apiGuide(): GuideBlock[] {
  return guideFromDocs('api.md');
}
