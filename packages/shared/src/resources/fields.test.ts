import { describe, expect, it } from 'vitest';
import { issuesToErrors, recordSchema } from './record-schema.ts';
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

describe('time entries', () => {
  it('need a job and more than 0 hours, on create and update', () => {
    expect(Object.keys(errorsOf('time_entries', { date: '2026-11-20', hours: 0 })).sort()).toEqual(['hours', 'job_id']);
    expect(errorsOf('time_entries', { date: '2026-11-20', hours: -2, job_id: 3 }).hours).toEqual(['Must be more than 0.']);
    expect(errorsOf('time_entries', { date: '2026-11-20', hours: 0.25, job_id: 3 })).toEqual({});
    expect(Object.keys(errorsOf('time_entries', { job_id: null, hours: 0 }, 'update')).sort()).toEqual(['hours', 'job_id']);
  });
});

describe('what a body may send (the document and the server agree)', () => {
  const parsed = (name: keyof typeof RESOURCES, body: unknown, mode: 'create' | 'update' = 'update') => recordSchema(RESOURCES[name], mode).safeParse(body);

  it('refuses a phone number with letters or control characters under the field, and stores a blank one as none', () => {
    for (const phone of ['ab', 'a\u0000b', 'x1', '503-555-1234 ext', '15035551234\u0007']) {
      expect(errorsOf('vendors', { name: 'V', phone }).phone, JSON.stringify(phone)).toEqual(['Must be a 10-digit phone number.']);
    }
    for (const phone of ['(503) 555-1234', '+1 503.555.1234', '15035551234', ' 503 555 1234 '])
      expect(parsed('vendors', { phone }).data?.phone, phone).toBe('15035551234');
    expect(parsed('vendors', { phone: '   ' }).data?.phone).toBeNull();
    expect(parsed('vendors', { phone: '' }).data?.phone).toBeNull();
  });

  it('refuses null for a boolean, and takes null for a list as the empty list', () => {
    expect(errorsOf('vendors', { active: null }, 'update')).toEqual({ active: ['Must be true or false.'] });
    expect(parsed('users', { branch_access: null }).data?.branch_access).toEqual([]);
    expect(parsed('client_types', { product_category_list: null }).data?.product_category_list).toEqual([]);
    expect(parsed('estimates', { product_category_list: null, alternate_categories: '' }).data).toMatchObject({
      product_category_list: [],
      alternate_categories: [],
    });
    expect(parsed('job_products', { cut_list_json: null }).data?.cut_list_json).toEqual([]);
  });

  it('refuses a concurrency token that is not a date and time, and takes none', () => {
    for (const updated_at of ['a\u0000b', '   ', '', 'soon', 'x'.repeat(60)])
      expect(errorsOf('vendors', { updated_at }, 'update'), JSON.stringify(updated_at)).toEqual({ updated_at: ['Must be a date and time.'] });
    expect(errorsOf('vendors', { updated_at: null }, 'update')).toEqual({});
    expect(errorsOf('vendors', { updated_at: '2026-11-20T15:30:00.000Z' }, 'update')).toEqual({});
  });
});
