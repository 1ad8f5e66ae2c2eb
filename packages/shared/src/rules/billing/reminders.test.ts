import { describe, expect, it } from 'vitest';
import { parseReminderDays, reminderStepDue, type ReminderCandidate } from './reminders.ts';

const due = (more: Partial<ReminderCandidate> = {}): ReminderCandidate => ({ status: 'sent', due_date: '2026-11-01', balance: 10000, sent: [], ...more });
const STEPS = [7, 21];

describe('reminders', () => {
  it('reads the days setting', () => {
    expect(parseReminderDays('7, 21')).toEqual({ ok: true, value: [7, 21] });
    expect(parseReminderDays('21 7 7')).toEqual({ ok: true, value: [7, 21] });
    expect(parseReminderDays('')).toEqual({ ok: true, value: [] });
    expect(parseReminderDays(null)).toEqual({ ok: true, value: [] });
    for (const bad of ['7, x', '0', '-3', '400', '1,2,3,4,5,6,7']) expect(parseReminderDays(bad)).toMatchObject({ ok: false, code: 'reminder_days' });
  });

  it('sends each step once, on its day', () => {
    expect(reminderStepDue(due(), STEPS, '2026-11-07')).toBeNull(); // 6 days late
    expect(reminderStepDue(due(), STEPS, '2026-11-08')).toBe(7);
    expect(reminderStepDue(due({ sent: [7] }), STEPS, '2026-11-08')).toBeNull();
    expect(reminderStepDue(due({ sent: [7] }), STEPS, '2026-11-21')).toBeNull();
    expect(reminderStepDue(due({ sent: [7] }), STEPS, '2026-11-22')).toBe(21);
    expect(reminderStepDue(due({ sent: [7, 21] }), STEPS, '2027-01-01')).toBeNull();
  });

  it('sends only the latest step reached when the schedule comes late', () => {
    expect(reminderStepDue(due(), STEPS, '2026-12-15')).toBe(21);
    expect(reminderStepDue(due({ sent: [21] }), STEPS, '2026-12-15')).toBeNull();
  });

  it('sends none for what is not owed, not open, or a client who wants none', () => {
    expect(reminderStepDue(due({ balance: 0 }), STEPS, '2026-11-08')).toBeNull();
    for (const status of ['draft', 'paid', 'void'] as const) expect(reminderStepDue(due({ status }), STEPS, '2026-11-08')).toBeNull();
    expect(reminderStepDue(due({ status: 'partly_paid' }), STEPS, '2026-11-08')).toBe(7);
    expect(reminderStepDue(due({ clientOptOut: true }), STEPS, '2026-11-08')).toBeNull();
    expect(reminderStepDue(due(), [], '2026-12-15')).toBeNull();
  });
});
