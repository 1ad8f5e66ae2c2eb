import { describe, expect, it } from 'vitest';
import { completionFlag, isJobComplete } from './job-scope.ts';

describe('job scope completion', () => {
  it('names the flag of each scope', () => {
    expect(completionFlag('Shower Glass')).toBe('shower_glass_complete');
    expect(completionFlag('Window Coverings')).toBe('window_coverings_complete');
  });
  it('is complete only when every listed scope is', () => {
    expect(isJobComplete({ scope_array: [] })).toBe(false);
    expect(isJobComplete({ scope_array: ['Mirrors', 'Hardware'], mirrors_complete: true, hardware_complete: false })).toBe(false);
    expect(isJobComplete({ scope_array: ['Mirrors', 'Hardware'], mirrors_complete: true, hardware_complete: true })).toBe(true);
    // flags of scopes the job does not list do not count
    expect(isJobComplete({ scope_array: ['Shelving'], mirrors_complete: true })).toBe(false);
  });
});
