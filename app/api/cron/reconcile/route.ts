/**
 * The cron route's old path, kept for deployments whose vercel.json still schedules
 * /api/cron/reconcile: the same pass as /api/cron/jobs.
 */
export { GET, POST } from '../jobs/route';

export const dynamic = 'force-dynamic';
