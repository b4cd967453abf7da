import type { Metadata } from 'next';
import Link from 'next/link';
import { openAccountToken, RESET_MESSAGES } from '@/lib/accounts/password-reset';
import styles from '../../login.module.css';
import { AccountPanel } from '../../account-panel';
import { ResetForm } from './reset-form';

export const metadata: Metadata = { title: 'Nova senha', robots: { index: false }, referrer: 'no-referrer' };

type Props = { params: Promise<{ token: string }> };

export default async function ResetPasswordPage({ params }: Props) {
  const { token } = await params;
  const valid = await openAccountToken(token, 'password_reset');
  return (
    <AccountPanel title="Nova senha">
      {valid ? (
        <>
          <p className="muted small">Escolha a nova senha de {valid.email}. Ao salvar, todas as sessões abertas desta conta são encerradas.</p>
          <ResetForm token={token} />
        </>
      ) : (
        <>
          <p className="alert alert-error" role="alert">
            {RESET_MESSAGES.invalidLink}
          </p>
          <p className="small">
            <Link href="/login/esqueci" className={styles.helpLink}>
              Esqueci minha senha
            </Link>
          </p>
        </>
      )}
    </AccountPanel>
  );
}
