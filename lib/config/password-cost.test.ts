import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { DUMMY_HASH } from '@/lib/auth/credentials';
// The relative path is the product's module itself: the unit tests import '@/lib/config/password-cost'
// at a lower cost (test/password-cost.ts).
import { BCRYPT_COST } from './password-cost';

describe('the password hash cost', () => {
  it('is 12 for every hash the shop makes', () => {
    expect(BCRYPT_COST).toBe(12);
  });

  it('is the dummy hash\'s, compared for unknown e-mails: timing does not tell which e-mails exist', () => {
    expect(bcrypt.getRounds(DUMMY_HASH)).toBe(BCRYPT_COST);
  });
});
