'use client';

import { useActionState } from 'react';
import { ActionResult } from '@/app/(merchant)/dashboard/_components/action-result';
import { beginTwoFactorAction, confirmTwoFactorAction, disableTwoFactorAction } from './actions';

function CodeField({ error, label = 'Código de 6 dígitos' }: { error?: string; label?: string }) {
  return (
    <div className="field">
      <label htmlFor="totp-code">{label}</label>
      <input
        id="totp-code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'totp-code-error' : undefined}
      />
      {error ? (
        <p id="totp-code-error" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Enabling: "Ativar" → QR code and secret → a code → the recovery codes, shown once. */
export function EnableTwoFactor() {
  const [begun, begin, beginning] = useActionState(beginTwoFactorAction, null);
  const [confirmed, confirm, confirming] = useActionState(confirmTwoFactorAction, null);
  if (confirmed?.ok && 'step' in confirmed && confirmed.step === 'codes') {
    return (
      <div className="stack">
        <p className="alert alert-success" role="status">
          {confirmed.message}
        </p>
        <h3>Códigos de recuperação</h3>
        <p className="small">Cada um entra uma vez, no lugar do código do aplicativo, se você perder o celular. Guarde-os num lugar seguro.</p>
        <ul data-testid="recovery-codes" className="stack">
          {confirmed.codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const scan = begun?.ok && 'step' in begun && begun.step === 'scan' ? begun : null;
  if (!scan) {
    return (
      <form action={begin} className="stack">
        <div>
          <button type="submit" className="btn" disabled={beginning} aria-disabled={beginning}>
            {beginning ? 'Gerando…' : 'Ativar verificação em duas etapas'}
          </button>
        </div>
        <ActionResult state={begun && !begun.ok ? begun : null} />
      </form>
    );
  }
  const error = confirmed && !confirmed.ok ? confirmed.fieldErrors?.code : undefined;
  return (
    <form action={confirm} className="form-grid" noValidate>
      <p className="small">{scan.message}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URI made on the server */}
      <img src={scan.qr} width={200} height={200} alt="Código QR para o aplicativo autenticador" />
      <p className="small">
        Sem câmera? Digite esta chave no aplicativo: <code data-testid="totp-secret">{scan.secret}</code>
      </p>
      <CodeField error={error} />
      <div>
        <button type="submit" className="btn" disabled={confirming} aria-disabled={confirming}>
          {confirming ? 'Confirmando…' : 'Confirmar'}
        </button>
      </div>
    </form>
  );
}

export function DisableTwoFactor() {
  const [state, action, pending] = useActionState(disableTwoFactorAction, null);
  const error = state && !state.ok ? state.fieldErrors?.code : undefined;
  return (
    <form action={action} className="form-grid" noValidate>
      <CodeField error={error} label="Código do aplicativo ou de recuperação" />
      <div>
        <button type="submit" className="btn btn-secondary" disabled={pending} aria-disabled={pending}>
          {pending ? 'Desativando…' : 'Desativar verificação em duas etapas'}
        </button>
      </div>
      <ActionResult state={state && state.ok ? state : null} />
    </form>
  );
}
