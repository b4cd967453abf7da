import { describe, expect, it } from 'vitest';
import { typedValues } from './typed-values';

describe('typedValues', () => {
  const FIELDS = ['title', 'amount', 'photo'] as const;

  it('reads FormData: a missing or file field is "", each value cut at the length', () => {
    const form = new FormData();
    form.set('title', 'Bolo de cenoura');
    form.set('amount', '1'.repeat(20));
    form.set('photo', new Blob(['x']), 'foto.png');
    expect(typedValues(form, FIELDS, { maxLength: 10 })).toEqual({ title: 'Bolo de ce', amount: '1111111111', photo: '' });
  });

  it('reads an object of fields the same way, whatever its other keys', () => {
    expect(typedValues({ title: 'Bolo', amount: 15, other: 'x' }, FIELDS, { maxLength: 100 })).toEqual({ title: 'Bolo', amount: '', photo: '' });
  });

  it('trims before cutting, and cuts each field at its own length', () => {
    const form = new FormData();
    form.set('title', '   Bolo de cenoura  ');
    form.set('amount', '  12345  ');
    expect(typedValues(form, FIELDS, { trim: true, maxLength: (f) => (f === 'title' ? 4 : 100) })).toEqual({ title: 'Bolo', amount: '12345', photo: '' });
  });

  it('without fields, reads every text entry of a FormData as typed, files left out', () => {
    const form = new FormData();
    form.set('name', ' Bolo ');
    form.set('photo', new Blob(['x']), 'foto.png');
    expect(typedValues(form)).toEqual({ name: ' Bolo ' });
  });
});
