/**
 * The browser's side of a product photo's upload: a large photo shrunk before it travels, and its
 * bytes posted to the upload route with progress.
 */

/** The largest photo the upload takes (the route checks it again). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** Above this, a photo the browser can decode is first reduced here (some hosts cap a request at 4.5 MB). */
const SHRINK_ABOVE_BYTES = 4 * 1024 * 1024;
const SHRINK_TO_PX = 2560;

/**
 * A large photo is redrawn at most 2560 px on its long side as a JPEG before it is sent: a 12 MP
 * phone photo then travels in well under a megabyte and fits any host's request limit. The
 * server checks and re-encodes whatever arrives; a file the browser cannot decode goes as is.
 */
export async function shrinkIfLarge(file: File): Promise<Blob> {
  if (file.size <= SHRINK_ABOVE_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, SHRINK_TO_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}

/** Sends one file's bytes to the upload route, reporting progress; resolves with the pt-BR outcome. */
export function sendPhoto(productId: number, file: Blob, onProgress: (fraction: number) => void): Promise<{ ok: boolean; error?: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/dashboard/products/${productId}/photos`);
    // The server decides what the bytes are; the browser's guess from the name is not sent.
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as { ok: boolean; error?: string });
      } catch {
        resolve({ ok: false, error: 'O servidor não respondeu como esperado. Tente novamente.' });
      }
    };
    xhr.onerror = () => resolve({ ok: false, error: 'Falha de conexão. Confira a internet e tente novamente.' });
    xhr.send(file);
  });
}
