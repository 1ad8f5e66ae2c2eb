import { describe, expect, it } from 'vitest';
import { withRight } from '../../permissions.ts';
import { alwaysSchedulable } from './users.ts';

describe('user and permission rules', () => {
  it('supervisors are always schedulable', () => {
    expect(alwaysSchedulable('supervisor')).toBe(true);
    expect(alwaysSchedulable('employee')).toBe(false);
  });
  it('edit implies view; dropping view drops edit', () => {
    expect(withRight({ view: false, edit: false }, 'edit', true)).toEqual({ view: true, edit: true });
    expect(withRight({ view: true, edit: true }, 'edit', false)).toEqual({ view: true, edit: false });
    expect(withRight({ view: true, edit: true }, 'view', false)).toEqual({ view: false, edit: false });
    expect(withRight({ view: false, edit: false }, 'view', true)).toEqual({ view: true, edit: false });
  });
});
