import { describe, expect, it } from 'vitest';
import { jobNumberPrefix, nextJobNumber } from './job-number.ts';

describe('the job numbering rule', () => {
  it("numbers YY-NNNN after the year's highest, skipping other years and other forms", () => {
    expect(jobNumberPrefix(2026)).toBe('26-');
    expect(jobNumberPrefix(2105)).toBe('05-');
    expect(nextJobNumber([], 2026)).toBe('26-0001');
    expect(nextJobNumber(['26-0009', '26-0141', '25-0990', null, 'J-77', '26-A12', '26-'], 2026)).toBe('26-0142');
    expect(nextJobNumber(['26-9999'], 2026)).toBe('26-10000');
  });
});
