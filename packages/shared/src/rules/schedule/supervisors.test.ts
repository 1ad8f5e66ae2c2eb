import { describe, expect, it } from 'vitest';
import { isSchedulable, notSchedulableReason, supervisorSearchMiss } from './supervisors.ts';

const sam = { name: 'Sam Super', role: 'supervisor', active: true, can_be_scheduled: false };
const erin = { name: 'Erin Employee', role: 'employee', active: true, can_be_scheduled: false };
const old = { name: 'Old Timer', role: 'supervisor', active: false, can_be_scheduled: true };
const cal = { name: 'Cal Crew', role: 'employee', active: true, can_be_scheduled: true };

describe('who may supervise an event', () => {
  it('offers active supervisors and active people who can be scheduled', () => {
    expect([sam, erin, old, cal].map(isSchedulable)).toEqual([true, false, false, true]);
  });

  it('says why someone is not offered', () => {
    expect(notSchedulableReason(sam)).toBeNull();
    expect(notSchedulableReason(erin)).toBe('Erin Employee cannot be scheduled.');
    expect(notSchedulableReason(old)).toBe('Old Timer is inactive and cannot be scheduled.');
  });

  it('explains a search that offers no one by the people it names, matching anywhere in the name, case aside', () => {
    const users = [sam, erin, old, cal];
    expect(supervisorSearchMiss(users, 'erin')).toBe('Erin Employee cannot be scheduled.');
    expect(supervisorSearchMiss(users, ' TIMER ')).toBe('Old Timer is inactive and cannot be scheduled.');
    expect(supervisorSearchMiss(users, 'e')).toBe('Erin Employee cannot be scheduled. Old Timer is inactive and cannot be scheduled.');
    // nobody of that name, or nobody left out: the plain "No matches"
    expect(supervisorSearchMiss(users, 'zed')).toBeNull();
    expect(supervisorSearchMiss(users, 'cal')).toBeNull();
    expect(supervisorSearchMiss(users, '  ')).toBeNull();
  });
});
