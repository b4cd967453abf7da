'use client';
/**
 * Inputs with a mask that keeps the caret (@balcao/br/masks): uncontrolled, so a server action's
 * form reset and the browser's autofill work as for any input. `maskHandlers` gives the handlers
 * for an input you render yourself; `MaskedInput` and `MoneyInput` render one.
 */
import type { ChangeEvent, ComponentPropsWithoutRef, FocusEvent } from 'react';
import { moneyMask, remask, type Mask } from '@balcao/br/masks';

/** The masked text each input showed after its last edit (to recognise a backspace over a separator). */
const lastShown = new WeakMap<HTMLInputElement, string>();

export function applyMask(el: HTMLInputElement, mask: Mask, inputType?: string): void {
  const previous = lastShown.get(el);
  const next = remask(mask, { value: el.value, caret: el.selectionStart ?? el.value.length, inputType, previous });
  if (next.value !== el.value) el.value = next.value;
  // Only move the caret of the focused field (setting it elsewhere would steal focus on some browsers).
  if (el.ownerDocument.activeElement === el) el.setSelectionRange(next.caret, next.caret);
  lastShown.set(el, next.value);
}

/** onChange/onFocus for an uncontrolled input; `format` for its defaultValue. */
export function maskHandlers(mask: Mask) {
  return {
    format: mask.format,
    onChange: (e: ChangeEvent<HTMLInputElement>) => applyMask(e.currentTarget, mask, (e.nativeEvent as InputEvent).inputType),
    onFocus: (e: FocusEvent<HTMLInputElement>) => {
      lastShown.set(e.currentTarget, e.currentTarget.value);
    },
  };
}

type InputProps = Omit<ComponentPropsWithoutRef<'input'>, 'value' | 'onChange' | 'defaultValue'> & {
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function MaskedInput({ mask, defaultValue, onValueChange, onFocus, ...props }: InputProps & { mask: Mask }) {
  const m = maskHandlers(mask);
  return (
    <input
      type="text"
      spellCheck={false}
      {...props}
      defaultValue={m.format(defaultValue ?? '')}
      onChange={(e) => {
        m.onChange(e);
        onValueChange?.(e.currentTarget.value);
      }}
      onFocus={(e) => {
        m.onFocus(e);
        onFocus?.(e);
      }}
    />
  );
}

/**
 * A reais field ("1.234,56"): the phone's decimal keyboard, thousands grouped as you type.
 * Read it on the server with parseBRLInput (@balcao/br/money) → integer centavos. Put "R$" in the
 * label or beside the field, not inside the value.
 */
export function MoneyInput(props: InputProps) {
  return <MaskedInput inputMode="decimal" autoComplete="off" {...props} mask={moneyMask} />;
}
