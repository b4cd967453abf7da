/** After "Finalizar minha compra": what changed in the saved cart (prices, sold-out lines), said before the form. */
export function DraftChanges({ changes }: { changes: string[] }) {
  if (changes.length === 0) return null;
  return (
    <div className="alert alert-warning" role="status" data-testid="draft-changes">
      <p>Seu carrinho foi recuperado, com alterações:</p>
      <ul>
        {changes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}
