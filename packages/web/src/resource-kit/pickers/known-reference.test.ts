import { describe, expect, it } from 'vitest';
import { knownReference } from './known-reference.ts';

describe('knownReference', () => {
  it('reads what a record says of the record its reference names', () => {
    const entry = { id: 7, job_id: 12, job_number: 'J-12', job_name: 'Card-only site', jobber: 'x', hours: 2 };
    expect(knownReference('jobs', entry, 'job_id')).toEqual({ id: 12, number: 'J-12', name: 'Card-only site' });
  });

  it('says nothing without a record or a chosen reference', () => {
    expect(knownReference('jobs', null, 'job_id')).toBeUndefined();
    expect(knownReference('jobs', { id: 7, job_id: null, job_number: 'J-12' }, 'job_id')).toBeUndefined();
  });
});
