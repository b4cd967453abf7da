/**
 * How reviews read on screen and in search results, pure and browser-safe: the name shown
 * ("Maria S."), the average ("4,7 de 5 · 12 avaliações"), the star labels, and the comment as
 * stored (no control characters, at most 1,000 characters; shown as text, never as links).
 */
export const COMMENT_MAX = 1000;
export const ANONYMOUS_AUTHOR = 'Comprador';

/** "Maria S." from "maria da silva": the first name and the last name's initial, only when both are plain letters. */
export function shownNameOf(buyerName: string): string {
  const words = buyerName.trim().split(/\s+/u).filter(Boolean);
  const first = words[0] ?? '';
  if (!/^\p{L}{1,30}$/u.test(first)) return '';
  const cap = (w: string) => w.charAt(0).toLocaleUpperCase('pt-BR') + w.slice(1).toLocaleLowerCase('pt-BR');
  const last = words.length > 1 ? words[words.length - 1] : '';
  const initial = /^\p{L}/u.test(last) ? ` ${last.charAt(0).toLocaleUpperCase('pt-BR')}.` : '';
  return `${cap(first)}${initial}`;
}

/** The comment as stored: control and invisible formatting characters out, spaces trimmed (the caller checks COMMENT_MAX). */
export function cleanComment(raw: string): string {
  return (
    raw
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g, '')
      .replace(/\r\n?/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** "4,7" */
export function averageText(average: number): string {
  return average.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** "4,7 de 5 · 12 avaliações" */
export function summaryText(average: number, count: number): string {
  return `${averageText(average)} de 5 · ${count} ${count === 1 ? 'avaliação' : 'avaliações'}`;
}

/** "1 estrela" … "5 estrelas" */
export const starLabel = (n: number) => `${n} ${n === 1 ? 'estrela' : 'estrelas'}`;

/** The average rounded to one decimal, as both the page and the JSON-LD show it. */
export const roundAverage = (sum: number, count: number) => (count === 0 ? 0 : Math.round((sum / count) * 10) / 10);
