import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { loginErrorMessage, safeCallbackPath } from '@/lib/auth/login-messages';
import { getMerchantOrNull } from '@/lib/auth';
import { AccountPanel } from './account-panel';
import { LoginForm } from './login-form';
import styles from './login.module.css';

export const metadata: Metadata = { title: 'Entrar', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams;
  const callbackPath = safeCallbackPath(first(params.callbackUrl));
  if (await getMerchantOrNull()) redirect(callbackPath);
  const initialError = loginErrorMessage(first(params.error));
  const signedOutEverywhere = first(params.saiu) === 'todos';
  const password = first(params.senha);
  const passwordNotice =
    password === 'redefinida'
      ? 'Senha redefinida. Entre com a nova senha.'
      : password === 'alterada'
        ? 'Senha alterada. Entre com a nova senha.'
        : first(params.convite) === 'aceito'
          ? 'Conta criada. Entre com seu e-mail e a senha que você escolheu.'
          : null;

  return (
    <AccountPanel title="Entrar no painel da loja">
      <p className="muted small">Acompanhe pedidos, reembolse Pix e confira o saldo.</p>
      {signedOutEverywhere ? (
        <p className="alert alert-success small" role="status">
          Você saiu de todos os dispositivos.
        </p>
      ) : null}
      {passwordNotice ? (
        <p className="alert alert-success small" role="status">
          {passwordNotice}
        </p>
      ) : null}
      <LoginForm callbackPath={callbackPath} initialError={initialError} />
      <p className="small">
        <Link href="/login/esqueci" className={styles.helpLink}>
          Esqueci minha senha
        </Link>
      </p>
    </AccountPanel>
  );
}
