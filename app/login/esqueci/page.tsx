import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '../login.module.css';
import { AccountPanel } from '../account-panel';
import { ForgotForm } from './forgot-form';

export const metadata: Metadata = { title: 'Esqueci minha senha', robots: { index: false } };

export default function ForgotPasswordPage() {
  return (
    <AccountPanel title="Esqueci minha senha">
      <p className="muted small">Informe o e-mail com que você entra no painel. Enviaremos um link para criar uma nova senha; ele vale por 1 hora.</p>
      <ForgotForm />
      <p className="small">
        <Link href="/login" className={styles.helpLink}>
          Voltar para Entrar
        </Link>
      </p>
    </AccountPanel>
  );
}
