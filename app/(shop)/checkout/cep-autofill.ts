'use client';
/**
 * CEP autofill: at the eighth digit, asks our own route (/api/cep/<cep>: the page's CSP allows
 * only our origin) and fills rua, bairro, cidade and UF. It never blocks: while it looks, after a
 * miss, a timeout or with the lookup off, every field stays editable, and it only overwrites a
 * field that is empty or still holds what it filled itself, never what the person typed.
 */
import { useCallback, useRef, useState } from 'react';
import type { UF } from '@balcao/br/uf';
import { isUF } from '@balcao/br/uf';

export type CepStatus = 'idle' | 'loading' | 'found' | 'not_found' | 'unavailable';

export const CEP_STATUS_TEXT: Record<CepStatus, string> = {
  idle: '',
  loading: 'Buscando endereço…',
  found: 'Endereço encontrado.',
  not_found: 'CEP não encontrado. Confira os dígitos ou preencha o endereço.',
  unavailable: 'Não conseguimos buscar o CEP agora. Preencha o endereço.',
};

const CLIENT_TIMEOUT_MS = 6_000;

type Ids = { zip: string; street: string; neighborhood: string; city: string; state: string; number: string };

export function useCepAutofill({ enabled, ids, onState }: { enabled: boolean; ids: Ids; onState: (uf: UF) => void }) {
  const [status, setStatus] = useState<CepStatus>('idle');
  const asked = useRef<string | null>(null);
  const filled = useRef(new Map<string, string>());
  const controller = useRef<AbortController | null>(null);

  const fill = useCallback((id: string, value: string): boolean => {
    const el = document.getElementById(id) as HTMLInputElement | HTMLSelectElement | null;
    if (!el || !value) return false;
    const mine = filled.current.get(id);
    if (el.value !== '' && el.value !== mine) return false; // typed by the person: theirs
    el.value = value;
    filled.current.set(id, value);
    return true;
  }, []);

  const onZipInput = useCallback(
    (value: string) => {
      const cep = value.replace(/\D/g, '');
      if (cep.length !== 8) {
        asked.current = null;
        controller.current?.abort();
        setStatus('idle');
        return;
      }
      if (!enabled || asked.current === cep) return;
      asked.current = cep;
      controller.current?.abort();
      const ctrl = new AbortController();
      controller.current = ctrl;
      const timer = setTimeout(() => ctrl.abort(), CLIENT_TIMEOUT_MS);
      setStatus('loading');
      fetch(`/api/cep/${cep}`, { signal: ctrl.signal, headers: { accept: 'application/json' } })
        .then(async (res) => {
          if (res.status === 404) return setStatus('not_found');
          if (!res.ok) return setStatus('unavailable');
          const a = (await res.json()) as { street?: string; neighborhood?: string; city?: string; state?: string };
          fill(ids.street, a.street ?? '');
          fill(ids.neighborhood, a.neighborhood ?? '');
          fill(ids.city, a.city ?? '');
          if (a.state && isUF(a.state) && fill(ids.state, a.state)) onState(a.state);
          setStatus('found');
          // The next thing to type: the number, or the street when the CEP covers a whole city —
          // only while the person is still at the end of the CEP (not editing it, not elsewhere).
          const zip = document.getElementById(ids.zip) as HTMLInputElement | null;
          const stillThere = zip !== null && document.activeElement === zip && zip.selectionStart === zip.value.length;
          const next = document.getElementById(a.street ? ids.number : ids.street) as HTMLInputElement | null;
          if (stillThere && next && !next.value) next.focus();
        })
        .catch(() => {
          if (ctrl.signal.aborted && controller.current !== ctrl) return; // replaced by a newer CEP
          setStatus('unavailable');
        })
        .finally(() => clearTimeout(timer));
    },
    [enabled, fill, ids, onState],
  );

  return { status, onZipInput };
}
