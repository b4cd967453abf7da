'use client';

import { useActionState } from 'react';
import { MaskedInput } from '@/app/_components/masked-input';
import { CEP_STATUS_TEXT, useCepAutofill } from '@/app/(shop)/checkout/cep-autofill';
import { cepMask, documentMask } from '@balcao/br/masks';
import { UFS } from '@balcao/br/uf';
import styles from '../settings.module.css';
import { describedBy, FieldNotes } from '../field-notes';
import { SaveBar } from '../save-bar';
import { saveShopIdentityAction } from './actions';

const CEP_IDS = { zip: 'addressZip', street: 'addressStreet', neighborhood: 'addressNeighborhood', city: 'addressCity', state: 'addressState', number: 'addressNumber' };
const noop = () => {};

type Props = { initial: Record<string, string>; logoUrl: string | null; cepLookup: boolean };

export function ShopIdentityForm({ initial, logoUrl, cepLookup }: Props) {
  const [state, formAction, pending] = useActionState(saveShopIdentityAction, null);
  const errors = (state && !state.ok ? state.fieldErrors : undefined) ?? {};
  // After a refused save React resets the form: show what was typed, not the stored value.
  const values = (state && !state.ok ? state.values : undefined) ?? initial;
  const autofill = useCepAutofill({ enabled: cepLookup, ids: CEP_IDS, onState: noop });

  const text = (name: string, label: string, o: { hint?: string; type?: string; autoComplete?: string; maxLength?: number; required?: boolean; inputMode?: 'numeric' | 'tel' | 'email' } = {}) => {
    const error = errors[name];
    return (
      <div className="field" key={name}>
        <label htmlFor={name}>{label}</label>
        <input
          id={name}
          name={name}
          type={o.type ?? 'text'}
          autoComplete={o.autoComplete ?? 'off'}
          maxLength={o.maxLength}
          inputMode={o.inputMode}
          required={o.required}
          defaultValue={values[name] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(name, { hint: !!o.hint, error })}
        />
        <FieldNotes name={name} hint={o.hint} error={error} />
      </div>
    );
  };

  return (
    <form action={formAction} className="stack" noValidate>
      <fieldset className={`card ${styles.group}`}>
        <legend>Marca</legend>
        <div className="form-grid two">
          {text('name', 'Nome da loja', { hint: 'Aparece no topo das páginas, nos e-mails (como remetente) e na descrição do Pix e do boleto.', autoComplete: 'organization', maxLength: 60, required: true })}
          {text('description', 'Descrição curta', { hint: 'Uma frase sobre a loja, para o rodapé e as buscas.', maxLength: 160 })}
          {text('color', 'Cor principal', { hint: 'Em hexadecimal, como #0b6e4f. Precisa de contraste 4,5:1 com o branco. Em branco: o verde padrão.', maxLength: 7 })}
          <div className="field">
            <label htmlFor="logo">Logo</label>
            {logoUrl ? (
              // eslint-disable-next-line @next/next/no-img-element -- a tiny stored WebP, already sized
              <img src={logoUrl} alt="Logo atual" height={40} style={{ height: 40, width: 'auto', alignSelf: 'flex-start' }} />
            ) : null}
            <input
              id="logo"
              name="logo"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-invalid={errors.logo ? true : undefined}
              aria-describedby={describedBy('logo', { error: errors.logo })}
            />
            <FieldNotes name="logo" hint="JPEG, PNG ou WebP, até 10 MB. Também vira o ícone da aba do navegador." error={errors.logo} />
            {logoUrl ? (
              <div className={styles.checkRow}>
                <input type="checkbox" id="removeLogo" name="removeLogo" />
                <label htmlFor="removeLogo">Remover logo</label>
              </div>
            ) : null}
          </div>
        </div>
      </fieldset>

      <fieldset className={`card ${styles.group}`}>
        <legend>Dados legais e contato</legend>
        <p className="field-hint">O Decreto 7.962/2013 pede nome, CPF ou CNPJ, endereço e contato da loja no site: aparecem no rodapé de todas as páginas.</p>
        <div className="form-grid two">
          {text('legalName', 'Razão social', { hint: 'Ou o seu nome completo, se vende como pessoa física.', maxLength: 120 })}
          <div className="field">
            <label htmlFor="document">CPF ou CNPJ</label>
            <MaskedInput
              mask={documentMask}
              id="document"
              name="document"
              inputMode="numeric"
              maxLength={18}
              defaultValue={values.document ?? ''}
              aria-invalid={errors.document ? true : undefined}
              aria-describedby={describedBy('document', { hint: false, error: errors.document })}
            />
            <FieldNotes name="document" error={errors.document} />
          </div>
          {text('contactEmail', 'E-mail de contato', { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 })}
          {text('whatsapp', 'WhatsApp', { type: 'tel', autoComplete: 'tel-national', inputMode: 'tel', hint: 'Com DDD, como (11) 98765-4321.', maxLength: 20 })}
          {text('pickupHours', 'Horário de retirada', { hint: 'Para quem escolhe retirar na loja, como "Seg. a sáb., 10h às 19h".', maxLength: 120 })}
        </div>
      </fieldset>

      <fieldset className={`card ${styles.group}`}>
        <legend>Endereço da loja</legend>
        <div className="form-grid two">
          <div className="field">
            <label htmlFor="addressZip">CEP</label>
            <MaskedInput
              mask={cepMask}
              id="addressZip"
              name="addressZip"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={9}
              defaultValue={values.addressZip ?? ''}
              onValueChange={autofill.onZipInput}
              aria-invalid={errors.addressZip ? true : undefined}
              aria-describedby={['addressZip-busca', errors.addressZip ? 'addressZip-error' : ''].filter(Boolean).join(' ')}
            />
            <p id="addressZip-busca" className="field-hint" aria-live="polite">
              {CEP_STATUS_TEXT[autofill.status]}
            </p>
            <FieldNotes name="addressZip" error={errors.addressZip} />
          </div>
          {text('addressStreet', 'Rua', { autoComplete: 'address-line1', maxLength: 120 })}
          {text('addressNumber', 'Número', { maxLength: 20 })}
          {text('addressComplement', 'Complemento (opcional)', { autoComplete: 'address-line2', maxLength: 60 })}
          {text('addressNeighborhood', 'Bairro', { autoComplete: 'address-level3', maxLength: 80 })}
          {text('addressCity', 'Cidade', { autoComplete: 'address-level2', maxLength: 80 })}
          <div className="field">
            <label htmlFor="addressState">UF</label>
            <select
              id="addressState"
              name="addressState"
              key={values.addressState ?? ''}
              defaultValue={values.addressState ?? ''}
              autoComplete="address-level1"
              aria-invalid={errors.addressState ? true : undefined}
              aria-describedby={describedBy('addressState', { hint: false, error: errors.addressState })}
            >
              <option value="">Selecione</option>
              {UFS.map(([uf, name]) => (
                <option key={uf} value={uf}>
                  {uf} · {name}
                </option>
              ))}
            </select>
            <FieldNotes name="addressState" error={errors.addressState} />
          </div>
        </div>
      </fieldset>
      <SaveBar state={state} pending={pending} label="Salvar" />
    </form>
  );
}
