/** What the dashboard's server actions return to their forms: defined once beside the actions' envelope. Browser-safe. */
export type { ActionState } from '@/lib/auth/action-state';
