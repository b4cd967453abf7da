'use client';

import { signIn } from 'next-auth/react';
import { useRef, useState, type FormEvent } from 'react';
import { LOGIN_MESSAGES, loginErrorMessage, SECOND_STEP_INVALID_CODE, SECOND_STEP_LOCKED_CODE, SECOND_STEP_REQUIRED_CODE } from '@/lib/auth/login-messages';
import styles from './login.module.css';

type FieldErrors = { email?: string; password?: string; code?: string };

export function LoginForm({ callbackPath, initialError }: { callbackPath: string; initialError: string | null }) {
  const [error, setError] = useState<string | null>(initialError);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  // The account has two-step sign-in: after a right password the page asks for the code too.
  const [askCode, setAskCode] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const code = String(data.get('code') ?? '').trim();
    const errors: FieldErrors = {};
    if (!email) errors.email = LOGIN_MESSAGES.missingEmail;
    if (!password) errors.password = LOGIN_MESSAGES.missingPassword;
    if (askCode && !code) errors.code = LOGIN_MESSAGES.missingCode;
    setFieldErrors(errors);
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();
    if (errors.code) return codeRef.current?.focus();

    setPending(true);
    setError(null);
    try {
      const result = await signIn('credentials', { email, password, ...(askCode ? { code } : {}), redirect: false, callbackUrl: callbackPath });
      if (result?.ok && !result.error) {
        window.location.assign(callbackPath);
        return;
      }
      const failure = result?.error ?? 'unknown';
      if (failure === SECOND_STEP_REQUIRED_CODE || failure === SECOND_STEP_INVALID_CODE || failure === SECOND_STEP_LOCKED_CODE) {
        setAskCode(true);
        setPending(false);
        if (failure !== SECOND_STEP_REQUIRED_CODE) {
          setError(null);
          setFieldErrors({ code: loginErrorMessage(failure) ?? LOGIN_MESSAGES.secondStepInvalid });
          if (codeRef.current) codeRef.current.value = '';
        } else setError(loginErrorMessage(failure));
        requestAnimationFrame(() => codeRef.current?.focus());
        return;
      }
      setAskCode(false);
      setError(loginErrorMessage(failure));
    } catch {
      setError(LOGIN_MESSAGES.generic);
    }
    setPending(false);
    if (passwordRef.current) passwordRef.current.value = '';
    requestAnimationFrame(() => alertRef.current?.focus());
  }

  return (
    <>
      <div role="alert" aria-live="assertive" id="login-error" ref={alertRef} tabIndex={-1} className={styles.alert}>
        {error ? <p className="alert alert-error">{error}</p> : null}
      </div>
      <form className="form-grid" onSubmit={onSubmit} noValidate aria-describedby={error ? 'login-error' : undefined}>
        <div className="field">
          <label htmlFor="email">E-mail</label>
          <input
            ref={emailRef}
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={fieldErrors.email ? 'email-error' : undefined}
          />
          {fieldErrors.email ? (
            <p className="field-error" id="email-error">
              {fieldErrors.email}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="password">Senha</label>
          <input
            ref={passwordRef}
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? 'password-error' : undefined}
          />
          {fieldErrors.password ? (
            <p className="field-error" id="password-error">
              {fieldErrors.password}
            </p>
          ) : null}
        </div>
        {askCode ? (
          <div className="field">
            <label htmlFor="code">Código de verificação</label>
            <input
              ref={codeRef}
              id="code"
              name="code"
              type="text"
              inputMode="text"
              autoComplete="one-time-code"
              required
              aria-invalid={fieldErrors.code ? true : undefined}
              aria-describedby={fieldErrors.code ? 'code-hint code-error' : 'code-hint'}
            />
            <p className="field-hint" id="code-hint">
              Os 6 dígitos do aplicativo autenticador, ou um código de recuperação.
            </p>
            {fieldErrors.code ? (
              <p className="field-error" id="code-error">
                {fieldErrors.code}
              </p>
            ) : null}
          </div>
        ) : null}
        <button type="submit" className="btn btn-block" disabled={pending} aria-disabled={pending}>
          {pending ? 'Entrando…' : 'Entrar'}
        </button>
      </form>
    </>
  );
}
