import type { Metadata } from 'next';
import Link from 'next/link';
import { RESTORE_FAILURE_MESSAGES, type RestoreFailure } from '@/lib/checkout/drafts/restore';

export const metadata: Metadata = { title: 'Retomar compra' };

export default async function RestoreFailedPage({ searchParams }: { searchParams: Promise<{ motivo?: string }> }) {
  const { motivo } = await searchParams;
  const reason: RestoreFailure = motivo && motivo in RESTORE_FAILURE_MESSAGES ? (motivo as RestoreFailure) : 'invalid';
  return (
    <main className="container stack">
      <h1>Retomar compra</h1>
      <p className="alert alert-warning" role="status">
        {RESTORE_FAILURE_MESSAGES[reason]}
      </p>
      <p>
        <Link href="/" className="btn">
          Ver produtos
        </Link>
      </p>
    </main>
  );
}
