import { describe, expect, it } from 'vitest';
import { templateClientId, templateFitsClient } from './job-template.ts';

const categoryClients: Record<number, number> = { 7: 3 };
const ofCategory = (id: number) => categoryClients[id] ?? null;

describe('job templates a job may use', () => {
  it('belong to the job’s client, through a category template, or to no client', () => {
    expect(templateClientId({ client_id: 2 }, ofCategory)).toBe(2);
    expect(templateClientId({ client_id: null, category_template_id: 7 }, ofCategory)).toBe(3);
    expect(templateClientId({}, ofCategory)).toBeNull();
  });

  it('refuses a template of another client, directly or through its category template', () => {
    expect(templateFitsClient({ client_id: 2 }, 2, ofCategory)).toBe(true);
    expect(templateFitsClient({ client_id: 2 }, 5, ofCategory)).toBe(false);
    expect(templateFitsClient({ client_id: 2 }, null, ofCategory)).toBe(false);
    expect(templateFitsClient({ category_template_id: 7 }, 3, ofCategory)).toBe(true);
    expect(templateFitsClient({ category_template_id: 7 }, 4, ofCategory)).toBe(false);
    expect(templateFitsClient({ client_id: null }, 9, ofCategory)).toBe(true);
  });
});
