/**
 * Calendar feeds (docs/domain/schedule.md, Calendar feeds), through the API on PGlite and
 * PostgreSQL, read back with an iCalendar parser (ical.js): a user's own feed holds the events they
 * supervise, the whole shop's every event; each event is all-day on its date with the job's
 * number and name, client, supervisor, address and link, and keeps its UID when moved; a deleted
 * event, or one of a job in the trash, is gone. The token is answered once and stored hashed; a
 * regenerated or turned-off token names nothing (404); a deactivated user's feeds, and the shop
 * feed of a user whose role lost `edit jobs`, answer 410; `shop` needs `edit jobs` (403).
 */
import crypto from 'node:crypto';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { calendarEventUid } from '@glazier/shared/rules/schedule/calendar-feeds';
import { PASSWORD, appWithRoles, made, madeJob, signedIn, type Client, type Res } from './harness.ts';

const { env, ids, as } = appWithRoles();
let seq = 0;
let ipSeq = 0;

interface FeedEvent {
  uid: string;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  start: string;
  end: string;
  allDay: boolean;
  sequence: number;
  lastModified: string;
}

/** A feed read without a session, from an address of its own (the feed's limit counts per address), and parsed. */
async function fetchFeed(url: string, headers: Record<string, string> = {}) {
  const path = new URL(url.replace(/^webcal:/, 'http:')).pathname;
  const res = await env.app.inject({ method: 'GET', url: path, remoteAddress: `203.0.113.${++ipSeq % 250}`, headers });
  return { status: res.statusCode, headers: res.headers, text: res.body };
}

function parse(text: string): { name: string; events: FeedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      description: e.description,
      location: e.location ?? null,
      url: (v.getFirstPropertyValue('url') as string | null) ?? null,
      start: e.startDate.toString(),
      end: e.endDate.toString(),
      allDay: e.startDate.isDate,
      sequence: e.sequence,
      lastModified: String(v.getFirstPropertyValue('last-modified')),
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events };
}

async function readFeed(url: string) {
  const res = await fetchFeed(url);
  expect(res.status, res.text).toBe(200);
  return parse(res.text);
}

const turnOn = (c: Client, kind: string) => c.post(`/api/calendar_feeds/${kind}`);

async function feedUrl(c: Client, kind: 'mine' | 'shop'): Promise<string> {
  const res = await turnOn(c, kind);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.url as string;
}

/** The app's address in a feed's links: its URL before `/api/`. */
const originOf = (url: string) => url.slice(0, url.indexOf('/api/'));

/** A fresh person of a role, signed in (for the tests that deactivate or demote them). */
async function person(role: string): Promise<{ id: number; c: Client }> {
  const email = `feed${++seq}@test.local`;
  const u = await made(as.admin, 'users', {
    name: `Feed Person ${seq}`,
    email,
    role,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    can_be_scheduled: true,
  });
  return { id: u.id as number, c: await signedIn(env.app, email) };
}

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const icalDate = (iso: string) => iso; // ical.js writes a DATE as YYYY-MM-DD

let other: { id: number; c: Client };
let job: Row;
let mine: Row;
let theirs: Row;

beforeAll(async () => {
  await as.admin.post('/api/settings/store_many', { data: [{ name: 'company_name', value: 'Clearview Glass' }] });
  other = await person('supervisor');
  const client = await made(as.admin, 'clients', { name: 'Harbor Dental' });
  job = await madeJob(as.manager, { number: 'F-100', name: 'Lobby mirrors', client_id: client.id, address: '12 Pane St, Springfield' });
  mine = await made(as.manager, 'events', { job_id: job.id, date: day(3), user_id: ids.supervisor.id });
  theirs = await made(as.manager, 'events', { job_id: job.id, date: day(4), user_id: other.id });
});

describe('calendar feeds', () => {
  it("answers the token once, keeps only its sha256, and lists the caller's feeds without it", async () => {
    const res = await turnOn(as.supervisor, 'mine');
    expect(res.status).toBe(201);
    const token = res.body.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.url).toMatch(new RegExp(`^http://[^/]+/api/calendar/${token}\\.ics$`));
    expect(res.body.webcal_url).toBe((res.body.url as string).replace(/^http:/, 'webcal:'));
    expect(res.body.data).toEqual({ kind: 'mine', created_at: expect.any(String) });

    const rows = await env.db.query<Row>('SELECT * FROM calendar_feeds WHERE user_id = $1', [ids.supervisor.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    const audit = JSON.stringify(await env.db.query("SELECT * FROM audit_log WHERE resource = 'calendar_feeds'"));
    expect(audit).toContain('"kind":"mine"');
    expect(audit).not.toContain(token);
    expect(audit).not.toContain(rows[0]!.token_hash as string);

    const list = await as.supervisor.get('/api/calendar_feeds');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([{ kind: 'mine', created_at: expect.any(String) }]);
    expect(JSON.stringify(list.body)).not.toContain(token);
    expect((await as.employee.get('/api/calendar_feeds')).body.data).toEqual([]);
  });

  it('serves the events the user supervises, all-day on their dates, with the job, client, supervisor, address and link', async () => {
    const url = await feedUrl(as.supervisor, 'mine');
    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="my-schedule\.ics"/);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const feed = parse(res.text);
    const [me] = await env.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [ids.supervisor.id]);
    expect(feed.name).toBe(`Clearview Glass: ${me!.name}`);
    const origin = originOf(url);
    const event = feed.events.find((e) => e.uid === calendarEventUid(mine.id as number));
    expect(event).toBeDefined();
    expect(event).toMatchObject({
      summary: 'F-100 Lobby mirrors',
      location: '12 Pane St, Springfield',
      url: `${origin}/jobs/${String(job.id)}`,
      allDay: true,
      start: icalDate(day(3)),
      end: icalDate(day(4)),
    });
    expect(event!.description).toContain('Client: Harbor Dental');
    expect(event!.description).toMatch(/Supervisor: \S/);
    expect(event!.description).toContain(`Job: ${origin}/jobs/${String(job.id)}`);
    // another supervisor's event is not in this user's feed
    expect(feed.events.map((e) => e.uid)).not.toContain(calendarEventUid(theirs.id as number));

    // unchanged: the same answer, or 304 to a phone that has it
    const again = await fetchFeed(url, { 'if-none-match': String(res.headers.etag) });
    expect(again.status).toBe(304);
  });

  it("gives the whole shop's feed to those who edit jobs (403 to others), with every supervisor's events", async () => {
    const refused = await turnOn(as.employee, 'shop');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('The whole-shop feed needs the right to edit jobs.');
    expect((await env.db.query('SELECT 1 FROM calendar_feeds WHERE user_id = $1', [ids.employee.id])).length).toBe(0);
    // an employee reads jobs: their own feed they may have
    expect((await turnOn(as.employee, 'mine')).status).toBe(201);
    // a kind that is none names nothing
    expect((await turnOn(as.manager, 'everyone')).status).toBe(404);

    const url = await feedUrl(as.manager, 'shop');
    const feed = await readFeed(url);
    expect(feed.name).toBe('Clearview Glass: whole shop');
    const uids = feed.events.map((e) => e.uid);
    expect(uids).toContain(calendarEventUid(mine.id as number));
    expect(uids).toContain(calendarEventUid(theirs.id as number));
    // and other's own feed holds theirs only
    const theirFeed = await readFeed(await feedUrl(other.c, 'mine'));
    expect(theirFeed.events.map((e) => e.uid)).toEqual([calendarEventUid(theirs.id as number)]);
  });

  it('keeps a moved event under its UID with its new dates and a higher sequence; a deleted event, and those of a job in the trash, are gone', async () => {
    const url = await feedUrl(as.manager, 'shop');
    const moving = await made(as.manager, 'events', { job_id: job.id, date: day(10), user_id: ids.supervisor.id });
    // as if made an hour ago, so the move is a later change to the second (the supervisor too: a
    // user made in the same second as the move would hold the sequence where it is)
    await env.db.query("UPDATE events SET updated_at = now() - interval '1 hour' WHERE id = $1", [moving.id]);
    await env.db.query("UPDATE jobs SET updated_at = now() - interval '1 hour' WHERE id = $1", [job.id]);
    await env.db.query("UPDATE users SET updated_at = now() - interval '1 hour' WHERE id = $1", [ids.supervisor.id]);
    const uid = calendarEventUid(moving.id as number);
    const before = (await readFeed(url)).events.find((e) => e.uid === uid)!;
    expect(before.start).toBe(day(10));

    expect((await as.manager.patch(`/api/events/${String(moving.id)}`, { date: day(12) })).status).toBe(200);
    const after = (await readFeed(url)).events.filter((e) => e.uid === uid);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ start: day(12), end: day(13) });
    expect(after[0]!.sequence).toBeGreaterThan(before.sequence);
    expect(after[0]!.lastModified > before.lastModified).toBe(true);

    expect((await as.manager.del(`/api/events/${String(moving.id)}`)).status).toBe(200);
    expect((await readFeed(url)).events.map((e) => e.uid)).not.toContain(uid);

    const trashed = await madeJob(as.manager, { number: `F-T${++seq}`, name: 'Going to the trash' });
    const doomed = await made(as.manager, 'events', { job_id: trashed.id, date: day(5), user_id: ids.supervisor.id });
    expect((await readFeed(url)).events.map((e) => e.uid)).toContain(calendarEventUid(doomed.id as number));
    expect((await as.manager.del(`/api/jobs/${String(trashed.id)}`)).status).toBe(200);
    expect((await readFeed(url)).events.map((e) => e.uid)).not.toContain(calendarEventUid(doomed.id as number));
  });

  it('leaves out events more than 90 days past', async () => {
    const old = await made(as.manager, 'events', { job_id: job.id, date: day(-120), user_id: ids.supervisor.id });
    const recent = await made(as.manager, 'events', { job_id: job.id, date: day(-30), user_id: ids.supervisor.id });
    const url = await feedUrl(as.manager, 'shop');
    const uids = (await readFeed(url)).events.map((e) => e.uid);
    expect(uids).toContain(calendarEventUid(recent.id as number));
    expect(uids).not.toContain(calendarEventUid(old.id as number));
  });

  it('refuses a regenerated token and a turned-off one (404), and a token reaches only its own feed', async () => {
    const firstMine = await feedUrl(other.c, 'mine');
    const shop = await feedUrl(other.c, 'shop');
    const regenerated = await feedUrl(other.c, 'mine');
    expect(regenerated).not.toBe(firstMine);
    const gone = await fetchFeed(firstMine);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.text).message).toMatch(/turned off or regenerated/);
    expect((await fetchFeed(regenerated)).status).toBe(200);
    // one row per kind: regenerating replaced the token
    expect((await env.db.query("SELECT 1 FROM calendar_feeds WHERE user_id = $1 AND kind = 'mine'", [other.id])).length).toBe(1);

    // the shop token is the shop feed, the mine token the user's own: neither reaches the other
    expect((await readFeed(shop)).name).toBe('Clearview Glass: whole shop');
    expect((await readFeed(regenerated)).name).toBe(`Clearview Glass: Feed Person 1`);

    expect((await other.c.del('/api/calendar_feeds/mine')).status).toBe(204);
    expect((await fetchFeed(regenerated)).status).toBe(404);
    expect((await fetchFeed(shop)).status).toBe(200);
    // turning off a feed that is off changes nothing
    expect((await other.c.del('/api/calendar_feeds/mine')).status).toBe(204);
    expect((await other.c.get('/api/calendar_feeds')).body.data).toEqual([{ kind: 'shop', created_at: expect.any(String) }]);
    // a token of the wrong shape, or one that names nothing
    expect((await fetchFeed('http://x/api/calendar/short.ics')).status).toBe(404);
    expect((await fetchFeed(`http://x/api/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
  });

  it("stops a deactivated user's feeds at once (410), and the shop feed of a role that loses edit jobs", async () => {
    const leaving = await person('supervisor');
    const mineUrl = await feedUrl(leaving.c, 'mine');
    const shopUrl = await feedUrl(leaving.c, 'shop');
    expect((await fetchFeed(mineUrl)).status).toBe(200);
    expect((await as.admin.patch(`/api/users/${String(leaving.id)}`, { active: false })).status).toBe(200);
    const refused = await fetchFeed(mineUrl);
    expect(refused.status).toBe(410);
    expect(JSON.parse(refused.text).message).toBe('This calendar feed has stopped: its user can no longer receive it.');
    expect((await fetchFeed(shopUrl)).status).toBe(410);

    const demoted = await person('manager');
    const shop = await feedUrl(demoted.c, 'shop');
    const own = await feedUrl(demoted.c, 'mine');
    expect((await fetchFeed(shop)).status).toBe(200);
    expect((await as.admin.patch(`/api/users/${String(demoted.id)}`, { role: 'employee' })).status).toBe(200);
    expect((await fetchFeed(shop)).status).toBe(410);
    // their own feed needs only view jobs, which an employee keeps
    expect((await fetchFeed(own)).status).toBe(200);
  });

  it('makes absolute links with PUBLIC_URL when it is set, and keeps every UID when it changes (a subscribed phone adds nothing again)', async () => {
    const app = env.app as unknown as { publicUrl: string | undefined };
    const before = (await readFeed((await turnOn(as.manager, 'shop')).body.url as string)).events.map((e) => e.uid);
    expect(before).toContain(calendarEventUid(mine.id as number));
    app.publicUrl = 'https://glazier.example.com/';
    try {
      const res = await turnOn(as.manager, 'shop');
      expect((await readFeed(res.body.url as string)).events.map((e) => e.uid)).toEqual(before);
      expect(res.body.url).toBe(`https://glazier.example.com/api/calendar/${res.body.token as string}.ics`);
      expect(res.body.webcal_url).toBe(`webcal://glazier.example.com/api/calendar/${res.body.token as string}.ics`);
      const event = (await readFeed(res.body.url as string)).events.find((e) => e.uid === calendarEventUid(mine.id as number));
      expect(event?.url).toBe(`https://glazier.example.com/jobs/${String(job.id)}`);
    } finally {
      app.publicUrl = undefined;
    }
  });

  it('needs a session to turn feeds on or off, and documents the feed as public', async () => {
    const guest = (await import('./harness.ts')).Client;
    const nobody = new guest(env.app);
    const res: Res = await nobody.get('/api/calendar_feeds');
    expect(res.status).toBe(401);
    const doc = (await as.manager.get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { security: unknown; responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const feed = doc.paths['/api/calendar/{token}.ics']!.get!;
    expect(feed.security).toEqual([]);
    expect(Object.keys(feed.responses['200']!.content!)).toEqual(['text/calendar']);
    expect(doc.paths['/api/calendar_feeds/shop']!.post!.security).toEqual([{ session: [], xsrf: [] }]);
  });
});
