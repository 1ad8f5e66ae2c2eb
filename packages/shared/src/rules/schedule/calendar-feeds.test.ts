import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_MATRIX } from '../../permissions.ts';
import { calendarFeedDescription, calendarFeedSequence, calendarFeedStart, calendarFeedSummary, mayHaveCalendarFeed, webcalUrl } from './calendar-feeds.ts';

const asRole = (role: keyof typeof DEFAULT_ROLE_MATRIX) => ({ permissions: DEFAULT_ROLE_MATRIX[role] });

describe('calendar feeds', () => {
  it('gives everyone who reads jobs their own feed, and the whole shop only to those who edit jobs', () => {
    expect(mayHaveCalendarFeed(asRole('employee'), 'mine')).toBe(true);
    expect(mayHaveCalendarFeed(asRole('employee'), 'shop')).toBe(false);
    expect(mayHaveCalendarFeed(asRole('supervisor'), 'shop')).toBe(true);
    expect(mayHaveCalendarFeed({ permissions: {} }, 'mine')).toBe(false);
    expect(mayHaveCalendarFeed(null, 'mine')).toBe(false);
  });

  it('reaches 90 days back, across months and years', () => {
    expect(calendarFeedStart('2026-03-31')).toBe('2025-12-31');
    expect(calendarFeedStart('2026-11-28')).toBe('2026-08-30');
  });

  it("titles an event with the job's number and name, either alone", () => {
    expect(calendarFeedSummary({ job_number: 'J-1042', job_name: 'Smith shower' })).toBe('J-1042 Smith shower');
    expect(calendarFeedSummary({ job_number: null, job_name: ' Smith shower ' })).toBe('Smith shower');
    expect(calendarFeedSummary({ job_number: 'J-7', job_name: '' })).toBe('J-7');
    expect(calendarFeedSummary({ job_number: null, job_name: null })).toBe('Job');
  });

  it('notes the client, the supervisor and the link, leaving out a missing client', () => {
    const base = { job_number: 'J-1', job_name: 'A', job_url: 'https://glazier.example/jobs/1' };
    expect(calendarFeedDescription({ ...base, client_name: 'Ann Client', supervisor_name: 'Sam Super' })).toBe(
      'Client: Ann Client\nSupervisor: Sam Super\nJob: https://glazier.example/jobs/1',
    );
    expect(calendarFeedDescription({ ...base, client_name: null, supervisor_name: null })).toBe('Supervisor: none yet\nJob: https://glazier.example/jobs/1');
  });

  it('raises the sequence with every later change, from 0 at 2020', () => {
    expect(calendarFeedSequence('2020-01-01T00:00:00Z')).toBe(0);
    expect(calendarFeedSequence('2019-06-01T00:00:00Z')).toBe(0);
    const before = calendarFeedSequence('2026-11-28T10:00:00.000Z');
    expect(calendarFeedSequence('2026-11-28T10:00:01.500Z')).toBe(before + 1);
    expect(before).toBeLessThan(2 ** 31);
  });

  it('subscribes by webcal://', () => {
    expect(webcalUrl('https://glazier.example/api/calendar/abc.ics')).toBe('webcal://glazier.example/api/calendar/abc.ics');
    expect(webcalUrl('http://localhost:3000/api/calendar/abc.ics')).toBe('webcal://localhost:3000/api/calendar/abc.ics');
  });
});
