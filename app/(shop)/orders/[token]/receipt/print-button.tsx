'use client';

/** "Imprimir": opens the browser's print dialog (also "Salvar como PDF" on phones). */
export function PrintButton({ className }: { className?: string }) {
  return (
    <button type="button" className={`btn ${className ?? ''}`} onClick={() => window.print()}>
      Imprimir
    </button>
  );
}
