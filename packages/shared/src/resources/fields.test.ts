import { describe, expect, it } from 'vitest';
import { issuesToErrors, recordSchema } from './define.ts';
import { RESOURCES } from './registry.ts';

const errorsOf = (name: keyof typeof RESOURCES, body: unknown, mode: 'create' | 'update' = 'create') => {
  const parsed = recordSchema(RESOURCES[name], mode).safeParse(body);
  return parsed.success ? {} : issuesToErrors(parsed.error.issues);
};

describe('text fields', () => {
  it('refuse control characters and lone surrogates, keep tabs, line breaks and emoji', () => {
    for (const name of ['a\u0000b', 'x\ud800', '\udc00y', 'bell\u0007', 'del\u007f']) {
      expect(errorsOf('clients', { name }).name, JSON.stringify(name)).toEqual(['Must not contain control characters.']);
    }
    expect(errorsOf('clients', { name: 'Glass 😀', note: 'line one\nline two\ttabbed\r\n' })).toEqual({});
  });
});

describe('time entries (issue 6)', () => {
  it('need a job and more than 0 hours, on create and update', () => {
    expect(Object.keys(errorsOf('time_entries', { date: '2026-11-20', hours: 0 })).sort()).toEqual(['hours', 'job_id']);
    expect(errorsOf('time_entries', { date: '2026-11-20', hours: -2, job_id: 3 }).hours).toEqual(['Must be more than 0.']);
    expect(errorsOf('time_entries', { date: '2026-11-20', hours: 0.25, job_id: 3 })).toEqual({});
    expect(Object.keys(errorsOf('time_entries', { job_id: null, hours: 0 }, 'update')).sort()).toEqual(['hours', 'job_id']);
  });
});
