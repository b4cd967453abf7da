import { payCodeAction } from './actions';

/** "Pagar por código": pays any key's charge from its Pix code, digitable line or barcode, as a bank app would. */
export function PayCodeCard() {
  return (
    <section className="card stack" aria-labelledby="codigo-titulo">
      <h2 id="codigo-titulo">Pagar por código</h2>
      <form action={payCodeAction} className="stack">
        <div className="field">
          <label htmlFor="code">Pix copia e cola, linha digitável ou código de barras</label>
          <textarea id="code" name="code" rows={3} required maxLength={1000} />
          <p className="field-hint">Como o app de um banco faria: confere o código e paga a cobrança de qualquer chave.</p>
        </div>
        <button className="btn" type="submit">
          Pagar código
        </button>
      </form>
    </section>
  );
}
