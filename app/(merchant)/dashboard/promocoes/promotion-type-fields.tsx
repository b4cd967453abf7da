import { PromoField, PromoRadios, type FieldState } from './promo-field';
import styles from './promocoes.module.css';

/**
 * The rules of each "Tipo", each in its own group; CSS shows only the chosen type's (`:has`,
 * no script needed), and a browser without `:has` shows all three, each named.
 */
export function PromotionTypeFields({ state }: { state: FieldState }) {
  return (
    <>
      <fieldset className={`stack plain-fieldset ${styles.buy}`}>
        <legend>Leve X, pague Y</legend>
        <p className="field-hint">As unidades mais baratas saem de graça, a cada grupo de X.</p>
        <div className="form-grid">
          <PromoField name="buy" label="Leve" state={state} inputMode="numeric" />
          <PromoField name="pay" label="Pague" state={state} inputMode="numeric" />
        </div>
      </fieldset>
      <fieldset className={`stack plain-fieldset ${styles.progressive}`}>
        <legend>Desconto progressivo</legend>
        <div className="form-grid">
          <PromoRadios name="basis" legend="Faixas por" options={[['quantity', 'Quantidade de itens'], ['subtotal', 'Subtotal']]} state={state} fallback="quantity" />
          <PromoRadios name="tierKind" legend="Desconto em" options={[['percent', '%'], ['fixed', 'R$']]} state={state} fallback="percent" />
        </div>
        {([1, 2, 3] as const).map((n) => (
          <div className="form-grid" key={n}>
            <PromoField name={`tier${n}Min`} label={`Faixa ${n}: a partir de`} state={state} inputMode="decimal" hint={n === 1 ? 'Quantidade (2) ou valor (200,00).' : undefined} />
            <PromoField name={`tier${n}Value`} label={`Faixa ${n}: desconto`} state={state} inputMode="decimal" hint={n === 1 ? 'Em % (10) ou em reais (20,00).' : undefined} />
          </div>
        ))}
      </fieldset>
      <fieldset className={`stack plain-fieldset ${styles.shipping}`}>
        <legend>Frete grátis</legend>
        <div className="form-grid">
          <PromoField name="minOrder" label="Pedido mínimo" state={state} inputMode="decimal" hint="Em reais, como 199,00. Em branco: qualquer valor." />
          <PromoField name="regions" label="Regiões" state={state} hint="UFs (SP, RJ) ou faixas de CEP (01000-000 a 09999-999). Em branco: todo o Brasil." />
        </div>
        <PromoRadios name="options" legend="Formas de entrega" options={[['cheapest', 'Só a mais barata'], ['all', 'Todas']]} state={state} fallback="cheapest" />
      </fieldset>
    </>
  );
}
