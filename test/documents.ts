/** Test helpers: Brazilian documents that pass the check digits, as many as a test needs. */

/** A valid CPF (digits only) whose first nine digits are the last nine of `n`, zero-padded. */
export function validCpf(n: number): string {
  const base = String(n).padStart(9, '0').slice(-9).split('').map(Number);
  const check = (digits: number[]) => {
    const sum = digits.reduce((s, d, i) => s + d * (digits.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = check(base);
  const d2 = check([...base, d1]);
  return [...base, d1, d2].join('');
}
