import { describe, expect, it } from 'vitest';
import { OLDER_REVISION_MESSAGE, ONLY_DRAFTS_MESSAGE, alternatesChoosable, contentEditable, contentLockedMessage, decisionOnMove } from './estimate-status.ts';

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

describe("the client's decision", () => {
  it('is the first won or lost, kept through open and back; the other outcome is a new one', () => {
    expect(decisionOnMove({ status: 'open', decision: null }, 'won')).toEqual({ decision: 'won', fresh: true });
    expect(decisionOnMove({ status: 'won', decision: 'won' }, 'open')).toEqual({ decision: 'won', fresh: false });
    expect(decisionOnMove({ status: 'open', decision: 'won' }, 'won')).toEqual({ decision: 'won', fresh: false });
    expect(decisionOnMove({ status: 'open', decision: 'won' }, 'lost')).toEqual({ decision: 'lost', fresh: true });
    expect(decisionOnMove({ status: 'draft', decision: null }, 'open')).toEqual({ decision: null, fresh: false });
    // stored before decisions were kept: a won estimate decided its status
    expect(decisionOnMove({ status: 'won', decision: null }, 'open')).toEqual({ decision: 'won', fresh: false });
  });
});
