import type { DigitalUpload } from './digital-upload-client';

/** "Arquivo": choose the file and send it; its progress and outcome are announced. */
export function DigitalFileUpload({ upload: { upload, uploadResult, input, send } }: { upload: DigitalUpload }) {
  return (
    <div className="stack">
      <div className="field">
        <label htmlFor="digital-file">Arquivo</label>
        <input ref={input} id="digital-file" type="file" accept=".pdf,.zip,.epub,.mp4,application/pdf,application/zip,application/epub+zip,video/mp4" aria-describedby="digital-file-hint" disabled={!!upload} />
        <p id="digital-file-hint" className="field-hint">
          PDF, ZIP, EPUB ou MP4, até 25 MB. O tipo é conferido pelo conteúdo do arquivo.
        </p>
      </div>
      <button type="button" className="btn btn-primary" onClick={() => void send()} disabled={!!upload} style={{ alignSelf: 'flex-start' }}>
        {upload ? 'Enviando…' : 'Enviar arquivo'}
      </button>
      {upload ? (
        <div role="status">
          <span className="small">Enviando… {Math.round(upload.progress * 100)}%</span>
          <progress max={1} value={upload.progress} aria-label="Envio do arquivo" />
        </div>
      ) : null}
      <div aria-live="polite">{uploadResult ? <p className={uploadResult.ok ? 'small' : 'field-error'}>{uploadResult.text}</p> : null}</div>
    </div>
  );
}
