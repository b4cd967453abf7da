'use client';
/**
 * "Forma de entrega": once the CEP is complete, the options for this cart as the server quotes
 * them (/api/shipping/options; the cheapest chosen first). Each radio posts `<id>@<centavos>`: the
 * server quotes again and refuses a price that changed, said here. After a refused submit the
 * options come with the answer, so the choice also works without JavaScript.
 */
import { useEffect, useState } from 'react';
import { formatBRL } from '@balcao/br/money';
import type { DeliveryOption } from '@/lib/shipping';
import { setQuoteInput, useQuoteInput } from './shipping-quote';
import { useSummaryCoupon } from './checkout-totals';
import styles from './checkout.module.css';

/** `nudge`: free shipping at this CEP, won or how much is missing ("Faltam R$ 60,10 para frete grátis"). */
type Answer = { ok: true; options: DeliveryOption[]; nudge?: string } | { ok: false; message: string };

export function optionLabel(o: DeliveryOption): string {
  const price = o.cents === 0 ? 'Grátis' : formatBRL(o.cents);
  const days = o.minDays === null || o.maxDays === null ? null : o.minDays === o.maxDays ? `${o.maxDays} ${o.maxDays === 1 ? 'dia útil' : 'dias úteis'}` : `${o.minDays} a ${o.maxDays} dias úteis`;
  return [o.name, price, days].filter(Boolean).join(' — ');
}

const valueOf = (o: DeliveryOption) => `${o.id}@${o.cents}`;

export function FreightOptions({ initial, submitted, error }: { initial?: DeliveryOption[]; submitted?: string; error?: string }) {
  const { zip } = useQuoteInput();
  const [quoted, setQuoted] = useState<{ zip: string | null; answer: Answer } | null>(initial ? { zip: null, answer: { ok: true, options: initial } } : null);
  const [chosen, setChosen] = useState<string | null>(null);
  // A "Frete grátis" coupon applied with "Aplicar" frees the cheapest option: the quote asks with it.
  const coupon = useSummaryCoupon()?.code;

  useEffect(() => {
    if (!zip) return;
    const ctrl = new AbortController();
    fetch(`/api/shipping/options?cep=${zip}${coupon ? `&cupom=${encodeURIComponent(coupon)}` : ''}`, { signal: ctrl.signal })
      .then((r) => r.json() as Promise<Answer>)
      .then((answer) => {
        setQuoted({ zip, answer });
        setChosen(null);
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setQuoted({ zip, answer: { ok: false, message: 'Não foi possível calcular o frete. Tente de novo.' } });
      });
    return () => ctrl.abort();
  }, [zip, coupon]);

  // Options from a refused submit (no zip of their own) hold until a new CEP is quoted.
  const loading = !!zip && quoted?.zip !== zip && !(quoted?.zip === null && quoted.answer.ok);
  const answer = quoted?.answer ?? null;
  const options = answer?.ok ? answer.options : [];
  const submittedId = submitted?.split('@')[0];
  const current = options.find((o) => valueOf(o) === chosen) ?? options.find((o) => o.id === submittedId) ?? options[0] ?? null;

  useEffect(() => {
    setQuoteInput({ freight: current ? { cents: current.cents, free: current.freeByThreshold } : null });
  }, [current]);

  return (
    <fieldset className={styles.group} id="campo-freight" tabIndex={-1} aria-describedby={error ? 'erro-freight' : undefined}>
      <legend className={styles.legend}>Forma de entrega</legend>
      <div aria-live="polite">
        {loading ? <p className="small muted">Calculando frete…</p> : null}
        {!loading && !answer ? <p className="small muted">Informe o CEP para ver as opções.</p> : null}
        {!loading && answer && !answer.ok ? <p className="field-error">{answer.message}</p> : null}
        {!loading && answer?.ok && answer.nudge ? <p className="small" data-testid="free-shipping-nudge-cep">{answer.nudge}</p> : null}
      </div>
      {options.map((o) => (
        <label key={o.id} className={styles.freightOption}>
          <input type="radio" name="freight" value={valueOf(o)} checked={current?.id === o.id} onChange={() => setChosen(valueOf(o))} />
          <span>{optionLabel(o)}</span>
        </label>
      ))}
      {error ? (
        <p className="field-error" id="erro-freight">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
