import { openApiDocument } from '@/lib/public-api';

export const dynamic = 'force-static';

/** GET /api/v1/openapi.json: generated from the schemas that validate /api/v1. */
export function GET() {
  return Response.json(openApiDocument());
}
