/** A share as the overview shows it: "12,5 %". */
export const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
