'use client';

/** The "Ordenar por" choice: a change submits its GET form at once (the form's button serves a page without JavaScript). */
export function SortSelect({ sort }: { sort: string }) {
  return (
    <select id="ordem" name="ordem" defaultValue={sort} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
      <option value="recentes">Mais recentes</option>
      <option value="menor-preco">Menor preço</option>
      <option value="maior-preco">Maior preço</option>
    </select>
  );
}
