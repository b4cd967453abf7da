import type { Metadata } from 'next';
import { RESTORE_FAILURE_MESSAGES, type RestoreFailure } from '@/lib/checkout';
import { RestoreFailed } from './restore-failed';

export const metadata: Metadata = { title: 'Retomar compra' };

export default async function RestoreFailedPage({ searchParams }: { searchParams: Promise<{ motivo?: string }> }) {
  const { motivo } = await searchParams;
  const reason: RestoreFailure = motivo && motivo in RESTORE_FAILURE_MESSAGES ? (motivo as RestoreFailure) : 'invalid';
  return (
    <main className="container stack">
      <h1>Retomar compra</h1>
      <RestoreFailed reason={reason} />
    </main>
  );
}
