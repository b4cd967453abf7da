/** The boleto's Interleaved 2 of 5 barcode as SVG (narrow = 1 unit, wide = 3, FEBRABAN ratio). */
import { itf25Bars } from '@balcao/br/boleto';

export function BarcodeSvg({ barcode, label }: { barcode: string; label: string }) {
  const elements = itf25Bars(barcode);
  const quiet = 10;
  let x = quiet;
  const bars: { x: number; w: number }[] = [];
  for (const e of elements) {
    const w = e.wide ? 3 : 1;
    if (e.bar) bars.push({ x, w });
    x += w;
  }
  const width = x + quiet;
  return (
    <svg viewBox={`0 0 ${width} 50`} width="100%" height="64" preserveAspectRatio="none" role="img" aria-label={label}>
      <rect x="0" y="0" width={width} height="50" fill="#fff" />
      {bars.map((b, i) => (
        <rect key={i} x={b.x} y="0" width={b.w} height="50" fill="#000" />
      ))}
    </svg>
  );
}
