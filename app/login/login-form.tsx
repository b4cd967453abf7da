'use client';

import { signIn } from 'next-auth/react';
import { useRef, useState, type FormEvent } from 'react';
import { LOGIN_MESSAGES, loginErrorMessage } from '@/lib/auth/login-messages';
import styles from './login.module.css';

type FieldErrors = { email?: string; password?: string };

export function LoginForm({ callbackPath, initialError }: { callbackPath: string; initialError: string | null }) {
  const [error, setError] = useState<string | null>(initialError);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const errors: FieldErrors = {};
    if (!email) errors.email = LOGIN_MESSAGES.missingEmail;
    if (!password) errors.password = LOGIN_MESSAGES.missingPassword;
    setFieldErrors(errors);
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();

    setPending(true);
    setError(null);
    try {
      const result = await signIn('credentials', { email, password, redirect: false, callbackUrl: callbackPath });
      if (result?.ok && !result.error) {
        window.location.assign(callbackPath);
        return;
      }
      setError(loginErrorMessage(result?.error ?? 'unknown'));
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
        <button type="submit" className="btn btn-block" disabled={pending} aria-disabled={pending}>
          {pending ? 'Entrando…' : 'Entrar'}
        </button>
      </form>
    </>
  );
}
