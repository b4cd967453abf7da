import { describe, expect, it } from 'vitest';
import { typedValues } from './action-state';

describe('typedValues', () => {
  const FIELDS = ['title', 'amount', 'photo'] as const;

  it('reads FormData: a missing or file field is "", each value cut at the length', () => {
    const form = new FormData();
    form.set('title', 'Bolo de cenoura');
    form.set('amount', '1'.repeat(20));
    form.set('photo', new Blob(['x']), 'foto.png');
    expect(typedValues(form, FIELDS, 10)).toEqual({ title: 'Bolo de ce', amount: '1111111111', photo: '' });
  });

  it('reads an object of fields the same way, whatever its other keys', () => {
    expect(typedValues({ title: 'Bolo', amount: 15, other: 'x' }, FIELDS, 100)).toEqual({ title: 'Bolo', amount: '', photo: '' });
  });
});
