import { describe, expect, it } from 'vitest';
import { isEstimateAttachment } from './attachments.ts';

describe('isEstimateAttachment', () => {
  it('is an estimate’s record only when it has an estimate and no job', () => {
    expect(isEstimateAttachment({ estimate_id: 4, job_id: null })).toBe(true);
    expect(isEstimateAttachment({ estimate_id: 4 })).toBe(true);
    expect(isEstimateAttachment({ estimate_id: 4, job_id: 7 })).toBe(false);
    expect(isEstimateAttachment({ estimate_id: null, job_id: 7 })).toBe(false);
    expect(isEstimateAttachment({})).toBe(false);
    expect(isEstimateAttachment(null)).toBe(false);
  });
});
