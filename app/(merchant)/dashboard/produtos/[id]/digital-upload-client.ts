import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';

/**
 * The browser's side of a digital product's file: sent to the upload route in parts, with
 * progress (needs JavaScript, as the photos).
 */

/** The largest file a digital product delivers (the route checks it again). */
const MAX_BYTES = 25 * 1024 * 1024;

type Answer = { ok: boolean; error?: string; fileId?: number; parts?: number; partBytes?: number };

function post(url: string, body: Blob | null, onProgress?: (fraction: number) => void): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    // The server reads what the bytes are; the browser's guess from the name is not sent.
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    if (onProgress) xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as Answer);
      } catch {
        resolve({ ok: false, error: 'O servidor não respondeu como esperado. Tente novamente.' });
      }
    };
    xhr.onerror = () => resolve({ ok: false, error: 'Falha de conexão. Confira a internet e tente novamente.' });
    xhr.send(body);
  });
}

/** Sends a file in its parts (the route's answer says how many and how big), in order. */
async function uploadFile(productId: number, file: File, onProgress: (fraction: number) => void): Promise<Answer> {
  const base = `/api/dashboard/products/${productId}/digital`;
  const started = await post(`${base}?name=${encodeURIComponent(file.name)}&size=${file.size}`, null);
  if (!started.ok || !started.fileId || !started.parts || !started.partBytes) return started;
  for (let i = 0; i < started.parts; i++) {
    const part = file.slice(i * started.partBytes, (i + 1) * started.partBytes);
    const r = await post(`${base}?file=${started.fileId}&part=${i}`, part, (f) => onProgress((i + f) / started.parts!));
    if (!r.ok) return r;
  }
  return { ok: true };
}

/** The file upload's state and its "Enviar arquivo": kept by the section, so switching kinds keeps what it said. */
export function useDigitalUpload(productId: number) {
  const router = useRouter();
  const [upload, setUpload] = useState<{ progress: number } | null>(null);
  const [uploadResult, setUploadResult] = useState<{ ok: boolean; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function send() {
    const file = input.current?.files?.[0];
    if (!file) return setUploadResult({ ok: false, text: 'Escolha um arquivo.' });
    if (file.size > MAX_BYTES) return setUploadResult({ ok: false, text: 'O arquivo pode ter no máximo 25 MB.' });
    setUploadResult(null);
    setUpload({ progress: 0 });
    const r = await uploadFile(productId, file, (progress) => setUpload({ progress }));
    setUpload(null);
    setUploadResult(r.ok ? { ok: true, text: `${file.name}: enviado.` } : { ok: false, text: r.error ?? 'Não foi possível enviar.' });
    if (r.ok) {
      if (input.current) input.current.value = '';
      router.refresh();
    }
  }

  return { upload, uploadResult, input, send };
}

export type DigitalUpload = ReturnType<typeof useDigitalUpload>;
