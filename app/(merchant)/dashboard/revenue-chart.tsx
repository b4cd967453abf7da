import { formatDateBR } from '@balcao/br/dates';
import type { DayRevenue } from '@/lib/orders';
import { formatBRL } from '@balcao/br/money';
import components from './_components/components.module.css';
import styles from './overview.module.css';

const compact = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', maximumFractionDigits: 0 });
/** Axis labels: "R$ 300", "R$ 1,5 mil". */
const axisMoney = (cents: number) => (Math.abs(cents) >= 100_000 ? compact : whole).format(cents / 100).replace(/\u00a0/g, ' ');

/** 1, 2 or 5 times a power of ten, at least R$ 1,00: a step people read at a glance. */
function niceStep(rawCents: number): number {
  if (rawCents <= 100) return 100;
  const power = 10 ** Math.floor(Math.log10(rawCents));
  const f = rawCents / power;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * power;
}
const dayMonth = (date: string) => formatDateBR(date).slice(0, 5);

const H = 220;
const PAD = { top: 16, right: 12, bottom: 28, left: 64 };

/**
 * Daily net revenue as an SVG bar chart (no chart library), with a text summary, a tooltip per
 * bar and the numbers in a table. The SVG is drawn at its own pixel size, never shrunk: its
 * labels keep their size on a phone, and a month scrolls sideways in its box.
 */
export function RevenueChart({ days, periodLabel }: { days: DayRevenue[]; periodLabel: string }) {
  // A week fits a 390 px screen's card (326 px inside) with every day named, the last one
  // included; a month gets narrower bars.
  const slotWidth = days.length <= 7 ? 34 : 22;
  const labelEvery = days.length <= 7 ? 1 : 5;
  const W = PAD.left + PAD.right + days.length * slotWidth;
  const values = days.map((d) => d.netCents);
  const step = niceStep((Math.max(0, ...values) - Math.min(0, ...values)) / 4);
  const max = Math.ceil(Math.max(0, ...values) / step) * step || step;
  const min = Math.floor(Math.min(0, ...values) / step) * step;
  const total = values.reduce((a, b) => a + b, 0);
  const best = days.reduce((a, d) => (d.netCents > a.netCents ? d : a), days[0]);
  const empty = days.every((d) => d.paidCents === 0 && d.refundedCents === 0);
  const span = max - min;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / span) * plotH;
  const slot = plotW / days.length;
  const barW = Math.max(2, slot * 0.7);
  const ticks: number[] = [];
  for (let v = min; v <= max; v += step) ticks.push(v);

  const summary = empty
    ? `Nenhum pagamento em ${periodLabel}.`
    : `Total de ${formatBRL(total)} em ${periodLabel}; melhor dia ${formatDateBR(best.date)} com ${formatBRL(best.netCents)}.`;

  return (
    <figure className={styles.chart}>
      {/* Scrolls sideways when wider than the screen: a tab stop lets a keyboard scroll it too. */}
      <div className={styles.chartScroll} tabIndex={0} role="group" aria-label="Gráfico da receita por dia">
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-labelledby="revenue-chart-desc" className={styles.chartSvg}>
        <desc id="revenue-chart-desc">Gráfico de barras da receita diária. {summary}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className={t === 0 ? styles.axis : styles.grid} />
            <text x={PAD.left - 8} y={y(t)} dy="0.35em" textAnchor="end" className={styles.tick}>
              {axisMoney(t)}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          const top = y(Math.max(0, d.netCents));
          const height = Math.abs(y(d.netCents) - y(0));
          return (
            <g key={d.date}>
              <rect
                x={x}
                y={top}
                width={barW}
                height={Math.max(height, d.netCents !== 0 ? 1 : 0)}
                rx={2}
                className={d.netCents < 0 ? styles.barNegative : styles.bar}
              >
                <title>{`${formatDateBR(d.date)}: ${formatBRL(d.netCents)}`}</title>
              </rect>
              {labelEvery === 1 || i % labelEvery === 4 || i === 0 ? (
                <text x={x + barW / 2} y={H - 8} textAnchor="middle" className={styles.tick}>
                  {dayMonth(d.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      </div>
      <figcaption className="small">{summary}</figcaption>
      <details className={styles.chartData}>
        <summary>Ver os valores por dia</summary>
        <div className="table-wrap">
          <table className={`table ${components.numbers}`}>
            <thead>
              <tr>
                <th scope="col">Dia</th>
                <th scope="col" className="num">
                  Pagamentos
                </th>
                <th scope="col" className="num">
                  Recebido
                </th>
                <th scope="col" className="num">
                  Reembolsado
                </th>
                <th scope="col" className="num">
                  Líquido
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.date}>
                  <th scope="row" className={components.rowHeader}>
                    {formatDateBR(d.date)}
                  </th>
                  <td className="num">{d.paidCount}</td>
                  <td className="num">{formatBRL(d.paidCents)}</td>
                  <td className="num">{formatBRL(d.refundedCents)}</td>
                  <td className="num">{formatBRL(d.netCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
