import Link from 'next/link';
import { RESTORE_FAILURE_MESSAGES, type RestoreFailure } from '@/lib/checkout';

/** Why a saved checkout did not come back, and the way to the products: the link's page and the restore's failure page say it alike. */
export function RestoreFailed({ reason }: { reason: RestoreFailure }) {
  return (
    <>
      <p className="alert alert-warning" role="status">
        {RESTORE_FAILURE_MESSAGES[reason]}
      </p>
      <p>
        <Link href="/" className="btn">
          Ver produtos
        </Link>
      </p>
    </>
  );
}
