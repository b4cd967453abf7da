/**
 * A stored digital file as an HTTP answer, for the buyer's download session and the merchant's
 * own download: the whole file (200) or the one range asked for (206 with Content-Range), 416
 * when the range starts past the end, `Accept-Ranges: bytes` always, and a strong ETag and
 * Last-Modified so a resumed download can tell (If-Range) that the file is still the same one.
 * A file's bytes never change under its id (a new upload is a new file), so the id and size
 * make a strong validator. A HEAD gets the same headers and no body.
 */
import 'server-only';
import { fileStream, type StoredFile } from './files';
import { contentRange, ifRangeAllows, rangeOf } from './range';

export function fileResponse(request: Request, file: StoredFile, headers: Record<string, string>): Response {
  const validators = { etag: `"f${file.id}-${file.size}"`, lastModified: new Date(file.createdAt).toUTCString() };
  const common = {
    ...headers,
    'Accept-Ranges': 'bytes',
    ETag: validators.etag,
    'Last-Modified': validators.lastModified,
    'Content-Type': file.mime,
    // The stored name is already cleaned to ASCII letters, digits, '.', '_' and '-' (content.ts).
    'Content-Disposition': `attachment; filename="${file.name}"`,
  };
  const head = request.method === 'HEAD';
  const asked = rangeOf(request.headers.get('range'), file.size);
  const range = asked.kind !== 'full' && ifRangeAllows(request.headers.get('if-range'), validators) ? asked : ({ kind: 'full' } as const);
  if (range.kind === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { ...common, 'Content-Range': `bytes */${file.size}`, 'Content-Length': '0' } });
  }
  if (range.kind === 'partial') {
    return new Response(head ? null : fileStream(file.id, range), {
      status: 206,
      headers: { ...common, 'Content-Range': contentRange(range, file.size), 'Content-Length': String(range.end - range.start + 1) },
    });
  }
  return new Response(head ? null : fileStream(file.id), { status: 200, headers: { ...common, 'Content-Length': String(file.size) } });
}
