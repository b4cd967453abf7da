import { UFS } from '@balcao/br/uf';
import { ADDRESS_TEXT_FIELDS } from '../../_components/address-text-fields';
import { subscriptionFormAction } from './actions';

type Address = { zip: string; street: string; number: string; complement: string; neighborhood: string; city: string; state: string };

/** "Endereço de entrega" for the next cycles: a plain form (each cycle quotes its freight afresh). */
export function AddressForm({ token, address }: { token: string; address: Address }) {
  return (
    <section className="card stack" aria-labelledby="endereco">
      <h2 id="endereco">Endereço de entrega</h2>
      <form action={subscriptionFormAction} className="form-grid">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="action" value="address" />
        {ADDRESS_TEXT_FIELDS.map(([name, label, auto]) => (
          <div className="field" key={name}>
            <label htmlFor={`addr-${name}`}>{label}</label>
            <input id={`addr-${name}`} name={name} defaultValue={address[name]} autoComplete={auto} required={name !== 'complement'} />
          </div>
        ))}
        <div className="field">
          <label htmlFor="addr-state">UF</label>
          <select id="addr-state" name="state" defaultValue={address.state} required>
            {UFS.map(([code]) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
        <button className="btn btn-secondary" type="submit">
          Salvar endereço
        </button>
      </form>
    </section>
  );
}
