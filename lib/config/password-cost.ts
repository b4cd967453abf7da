/**
 * One bcrypt cost for every password hash: merchants created by the script, the seeded demo
 * merchant and the dummy hash compared for unknown e-mails. A different cost anywhere makes a
 * sign-in's timing tell whether an e-mail exists. No imports: the seed and scripts use it too.
 */
export const BCRYPT_COST = 12;
