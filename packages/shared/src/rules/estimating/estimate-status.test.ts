import { describe, expect, it } from 'vitest';
import { OLDER_REVISION_MESSAGE, ONLY_DRAFTS_MESSAGE, alternatesChoosable, contentEditable, contentLockedMessage } from './estimate-status.ts';

describe('what may change', () => {
  it("a draft's content only, on its latest revision; the client's choice of alternates on a draft or open one", () => {
    expect(contentLockedMessage({ status: 'draft' })).toBeNull();
    expect(contentLockedMessage({ status: 'open' })).toBe(ONLY_DRAFTS_MESSAGE);
    expect(contentLockedMessage({ status: 'draft', superseded_at: '2026-11-01T00:00:00Z' })).toBe(OLDER_REVISION_MESSAGE);
    expect(contentEditable({ status: 'won' })).toBe(false);
    expect(alternatesChoosable({ status: 'open' })).toBe(true);
    expect(alternatesChoosable({ status: 'won' })).toBe(false);
    expect(alternatesChoosable({ status: 'open', superseded_at: '2026-11-01T00:00:00Z' })).toBe(false);
  });
});
