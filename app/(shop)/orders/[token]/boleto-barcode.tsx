import { itf25Bars } from '@balcao/br/boleto';

const NARROW = 1;
const WIDE = 3;
const QUIET = 10;
const HEIGHT = 50;

/** The boleto's barcode (Interleaved 2 of 5) drawn as inline SVG from its 44 digits. */
export function BoletoBarcode({ barcode, className }: { barcode: string; className?: string }) {
  let elements: ReturnType<typeof itf25Bars>;
  try {
    elements = itf25Bars(barcode);
  } catch {
    return null;
  }
  const rects: { x: number; w: number }[] = [];
  let x = QUIET;
  for (const e of elements) {
    const w = e.wide ? WIDE : NARROW;
    if (e.bar) rects.push({ x, w });
    x += w;
  }
  const width = x + QUIET;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label="Código de barras do boleto"
      shapeRendering="crispEdges"
      data-bars={rects.length}
    >
      <rect width={width} height={HEIGHT} fill="#fff" />
      <path d={rects.map((r) => `M${r.x} 0h${r.w}v${HEIGHT}h-${r.w}z`).join('')} fill="#000" />
    </svg>
  );
}
