/**
 * The database schema, derived from the shared resource registry so a field is declared once: each
 * resource's table (RESOURCE_TABLES), and below them the platform's own tables, declared by hand.
 * `npm run db:generate` (cli/db-generate.ts) writes the SQL migrations in ./migrations from both.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyIndexBuilder,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import type { FieldDef } from '@glazier/shared/resources/fields';
import type { ResourceDef } from '@glazier/shared/resources/define';
import { isResourceName, RESOURCES, tableDefinitions } from '@glazier/shared/resources/registry';
import { searchExpression } from './search.ts';
import { checksOf } from './constraints.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTable = PgTableWithColumns<any>;

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

const tableDefs = tableDefinitions();
const tables: Record<string, AnyTable> = {};

function column(name: string, fd: FieldDef): PgColumnBuilderBase {
  switch (fd.kind) {
    case 'text':
    case 'email': {
      const c = text(name);
      return fd.default !== undefined ? c.default(String(fd.default)) : c;
    }
    case 'longText':
    case 'phone':
      return text(name);
    case 'password':
      return text(name);
    case 'enum': {
      const c = text(name);
      return fd.default !== undefined && fd.default !== null ? c.default(String(fd.default)) : c;
    }
    case 'int': {
      const c = integer(name);
      return typeof fd.default === 'number' ? c.default(fd.default) : c;
    }
    case 'money': {
      const c = numeric(name, { precision: 12, scale: 2, mode: 'number' });
      return typeof fd.default === 'number' ? c.default(fd.default) : c;
    }
    case 'qty':
    case 'length': {
      const c = numeric(name, { precision: 14, scale: 5, mode: 'number' });
      return typeof fd.default === 'number' ? c.default(fd.default) : c;
    }
    case 'bool':
      return boolean(name).notNull().default(Boolean(fd.default));
    case 'date':
      return date(name, { mode: 'string' });
    case 'timestamp':
      return ts(name);
    case 'json':
    case 'idList':
      return fd.default !== undefined ? jsonb(name).default(fd.default as unknown[]) : jsonb(name);
    case 'ref': {
      const target = fd.ref!;
      const onDelete = fd.onDelete ?? 'restrict';
      return integer(name).references((): AnyPgColumn => tables[tableOf(target)]!.id, { onDelete });
    }
  }
}

/** Resource name → its table name (refs name resources, e.g. job_templates → jobs). */
function tableOf(resourceOrTable: string): string {
  if (tableDefs.has(resourceOrTable)) return resourceOrTable;
  // Not only the table's widest definition: a ref may name any resource sharing the table.
  if (isResourceName(resourceOrTable)) return RESOURCES[resourceOrTable].table;
  throw new Error(`Unknown table for ${resourceOrTable}`);
}

/**
 * Indexes tuned to one query of the server, beyond what the resource definitions declare.
 * Drizzle cannot declare INCLUDE columns, so these are declared without them; the migration that
 * creates them adds them, and schema-drift.test.ts lists each such exception.
 */
const extraIndexes: Record<string, (c: Record<string, AnyPgColumn>) => AnyIndexBuilder[]> = {
  // On hand (areas/inventory stockSql): the last count of a material is one entry of this partial
  // index (0004_stock_indexes: INCLUDE (qty)).
  // The to-do lists (areas/shop-floor `needs=`): the few products still to measure, order or
  // fabricate among the many done.
  // The analysis (areas/analysis, 0010_analysis: INCLUDE the summed columns): a job's products'
  // money and labour estimate, its hours, and the hours of a range, each read from the index alone.
  job_products: (c) => [
    index('job_products_job_money_idx')
      .on(c.job_id!)
      .where(sql`${c.deleted_at} IS NULL`),
    index('job_products_to_measure_idx')
      .on(c.job_id!)
      .where(sql`NOT ${c.is_measured} AND ${c.deleted_at} IS NULL`),
    index('job_products_to_order_idx')
      .on(c.job_id!)
      .where(sql`NOT ${c.is_ordered} AND ${c.deleted_at} IS NULL`),
    index('job_products_to_fabricate_idx')
      .on(c.job_id!)
      .where(sql`NOT ${c.is_fabricated} AND ${c.deleted_at} IS NULL`),
  ],
  time_entries: (c) => [
    index('time_entries_job_hours_idx')
      .on(c.job_id!)
      .where(sql`${c.deleted_at} IS NULL`),
    index('time_entries_date_hours_idx')
      .on(c.date!)
      .where(sql`${c.deleted_at} IS NULL`),
  ],
  material_transactions: (c) => [
    index('material_transactions_last_count_idx')
      .on(c.material_id!, c.date!, c.id!)
      .where(sql`${c.type} = 'count'`),
  ],
};

/**
 * `unique` fields: one live row per value (text compared without case), among the rows of the
 * resource that declares it when its table is shared (a job's number, not a template's).
 */
function uniqueIndexes(table: string, c: Record<string, AnyPgColumn>) {
  const defs = (Object.values(RESOURCES) as ResourceDef[]).filter((d) => d.table === table);
  const out = [];
  const seen = new Set<string>();
  for (const def of defs) {
    for (const [name, fd] of Object.entries(def.fields)) {
      if (!fd.unique || fd.computed || seen.has(name)) continue;
      seen.add(name);
      const everywhere = defs.every((d) => d.fields[name]?.unique);
      const text = fd.kind === 'text' || fd.kind === 'email';
      const live = sql`deleted_at IS NULL`;
      const guard = everywhere
        ? live
        : sql.join(
            [
              live,
              ...Object.entries(def.fixed ?? {}).map(
                ([col, v]) => sql`${c[col]!} = ${sql.raw(typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v))}`,
              ),
            ],
            sql` AND `,
          );
      out.push(
        uniqueIndex(`${everywhere ? table : def.name}_${name}_unique`)
          .on(text ? sql`lower(${c[name]})` : c[name]!)
          .where(guard),
      );
    }
  }
  return out;
}

function buildTable(table: string, def: ResourceDef): AnyTable {
  const cols: Record<string, PgColumnBuilderBase> = {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  };
  for (const [name, fd] of Object.entries(def.fields)) {
    if (fd.kind === 'password') continue; // passwords are hashed into password_hash
    if (fd.computed) continue; // computed on read (server resource `computed`), never stored
    cols[name] = column(name, fd);
  }
  if (table === 'users') cols.password_hash = text('password_hash');
  cols.created_at = ts('created_at').notNull().defaultNow();
  cols.updated_at = ts('updated_at').notNull().defaultNow();
  cols.deleted_at = ts('deleted_at');

  return pgTable(table, cols, (t) => {
    const c = t as unknown as Record<string, AnyPgColumn>;
    const out = [];
    for (const [name, fd] of Object.entries(def.fields)) {
      if (fd.kind === 'password' || fd.computed) continue;
      if (!fd.unique && fd.index) out.push(index(`${table}_${name}_idx`).on(c[name]!));
    }
    out.push(...uniqueIndexes(table, c));
    for (const k of checksOf(table)) out.push(check(k.name, sql.raw(k.expression)));
    // One trigram index on the search expression makes '%term%' searches fast on large tables.
    // (Only over stored columns: a search on a computed field, e.g. an order's vendor name, has none.)
    if (def.search.length && def.search.every((n) => !def.fields[n]?.computed))
      out.push(index(`${table}_search_trgm`).using('gin', sql`${searchExpression(def.search.map((n) => c[n]!))} gin_trgm_ops`));
    for (const cols of def.uniqueTogether ?? [])
      out.push(uniqueIndex(`${table}_${cols.join('_')}_unique`).on(...(cols.map((n) => c[n]!) as [AnyPgColumn, ...AnyPgColumn[]])));
    for (const cols of def.indexes ?? []) out.push(index(`${table}_${cols.join('_')}_idx`).on(...(cols.map((n) => c[n]!) as [AnyPgColumn, ...AnyPgColumn[]])));
    if ('active' in def.fields) out.push(index(`${table}_active_idx`).on(c.active!));
    out.push(index(`${table}_created_at_idx`).on(c.created_at!));
    out.push(...(extraIndexes[table]?.(c) ?? []));
    return out;
  }) as unknown as AnyTable;
}

for (const [table, def] of tableDefs) tables[table] = buildTable(table, def);

export function tableFor(name: string): AnyTable {
  const t = tables[tableOf(name)];
  if (!t) throw new Error(`No table for ${name}`);
  return t;
}

/**
 * Every resource's table by its name, built from the registry above: the migrations' generator
 * (cli/db-generate.ts) and the drift test take them from here (db/schema-tables.ts), so a new
 * resource's table needs no line in this file.
 */
export const RESOURCE_TABLES: Readonly<Record<string, AnyTable>> = tables;

// The resource tables that code imports by name (any other is `tableFor(name)`).
export const invoices = tables.invoices!;
export const purchase_order_materials = tables.purchase_order_materials!;
export const users = tables.users!;

/** Server-side sessions (docs/platform.md, Sessions: stored in the database so app servers stay stateless). */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    expires_at: ts('expires_at').notNull(),
    /** When the session began, and when it last served a request (written at most every few minutes). */
    created_at: ts('created_at').notNull().defaultNow(),
    last_used_at: ts('last_used_at').notNull().defaultNow(),
    /** The browser's User-Agent and the client's address at sign-in (address: the latest use). */
    user_agent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_expires_at_idx').on(t.expires_at), index('sessions_user_id_idx').on(t.user_id)],
);

/**
 * A person's authenticator app (TOTP, RFC 6238): the key sealed with the server's secret (as the
 * outbox's secrets), counting once confirmed by a first code; `last_step` is the time step of the
 * last code accepted, so a code is never taken twice.
 */
export const user_totp = pgTable('user_totp', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret_sealed: text('secret_sealed').notNull(),
  confirmed_at: ts('confirmed_at'),
  last_step: integer('last_step'),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** One-time recovery codes (ten at a time, shown once): only their sha-256 is kept. */
export const recovery_codes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: ts('used_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.user_id)],
);

/** A person's passkeys (WebAuthn credentials): the public key and the signature counter the library checks. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    credential_id: text('credential_id').notNull(),
    public_key: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports'),
    created_at: ts('created_at').notNull().defaultNow(),
    last_used_at: ts('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_id_idx').on(t.credential_id), index('passkeys_user_id_idx').on(t.user_id)],
);

/** The browsers a person has signed in from (a long-lived cookie's sha-256): a sign-in from another is mailed to them. */
export const known_browsers = pgTable(
  'known_browsers',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    browser_hash: text('browser_hash').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('known_browsers_user_browser_idx').on(t.user_id, t.browser_hash)],
);

/** Every change, with who, when and the record before and after. */
export const audit_log = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id'),
    /** Who made a change without a user account: the client's "Pat Client, by the approval link". */
    actor: text('actor'),
    resource: text('resource').notNull(),
    record_id: integer('record_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_resource_record_idx').on(t.resource, t.record_id), index('audit_log_created_at_idx').on(t.created_at)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded file and image contents (docs/platform.md, Files and images), content-addressed: one row per
 * distinct content, shared by every record that holds it, removed when none does.
 */
export const blobs = pgTable('blobs', {
  sha256: text('sha256').primaryKey(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** One-time password reset links issued by an admin (stored as a hash). */
export const password_resets = pgTable('password_resets', {
  token_hash: text('token_hash').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expires_at: ts('expires_at').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

/**
 * A client's approval links of an estimate (areas/estimating/estimate-approvals.ts):
 * the token is shown once and kept only as its sha256, like a password reset's. Made, revoked and
 * accepted only by their named actions, so they are no resource of the generic engine.
 */
export const estimate_approvals = pgTable(
  'estimate_approvals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    estimate_id: integer('estimate_id')
      .notNull()
      .references(() => tableFor('estimates').id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
    accepted_at: ts('accepted_at'),
    accepted_name: text('accepted_name'),
    accepted_ip: text('accepted_ip'),
    accepted_alternates: jsonb('accepted_alternates')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The client declined through the link: when, their typed name, their reason (may be empty). */
    declined_at: ts('declined_at'),
    declined_name: text('declined_name'),
    declined_reason: text('declined_reason'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('estimate_approvals_estimate_id_idx').on(t.estimate_id), uniqueIndex('estimate_approvals_token_hash_unique').on(t.token_hash)],
);

/**
 * A client's link to an invoice (docs/domain/billing.md, Sending): like an estimate's approval link,
 * a random token stored only as its sha256, expiring and revocable; it only reads the invoice.
 */
export const invoice_links = pgTable(
  'invoice_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
    last_opened_at: ts('last_opened_at'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('invoice_links_invoice_id_idx').on(t.invoice_id), uniqueIndex('invoice_links_token_hash_unique').on(t.token_hash)],
);

/**
 * Each overdue reminder step sent for an invoice (docs/domain/billing.md, Reminders): the unique
 * (invoice, step) is what keeps two servers from sending one step twice.
 */
export const invoice_reminders = pgTable(
  'invoice_reminders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** Days after the due date (one of Settings' reminder days). */
    step: integer('step').notNull(),
    mail_id: integer('mail_id'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoice_reminders_invoice_id_step_unique').on(t.invoice_id, t.step)],
);

/**
 * The answers of writes sent with an `Idempotency-Key` (http/idempotency.ts): a write the device
 * sends again, because its first answer was lost on the way back, is answered from here instead of
 * being made twice. Kept per user; a key older than IDEMPOTENCY_KEEP_DAYS is forgotten.
 */
export const idempotency_keys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status'),
    body: jsonb('body'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_id_key_unique').on(t.user_id, t.key), index('idempotency_keys_created_at_idx').on(t.created_at)],
);

/**
 * Calendar feeds (docs/domain/schedule.md, Calendar feeds; areas/schedule/calendar-feeds.ts): a
 * user's subscription of the events they supervise (`mine`) or of every event (`shop`), one of each
 * at most. The token is shown once and kept only as its sha256, like a password reset's;
 * regenerating replaces the row, turning the feed off deletes it. Made only by their named actions.
 */
export const calendar_feeds = pgTable(
  'calendar_feeds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    token_hash: text('token_hash').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_user_id_kind_unique').on(t.user_id, t.kind),
    uniqueIndex('calendar_feeds_token_hash_unique').on(t.token_hash),
    check('calendar_feeds_kind_check', sql`${t.kind} IN ('mine', 'shop')`),
  ],
);

/**
 * The mail outbox (platform/mail/): every message is written here in the transaction of the change
 * that causes it, and delivered afterwards by whichever server claims it (status `sending`,
 * `claimed_by`, `claimed_at`; a claim older than the delivery timeout is taken again). `message_id`
 * is made at enqueue, so a message sent again after a crash carries the same Message-ID.
 */
export const mail_outbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    message_id: text('message_id').notNull(),
    kind: text('kind').notNull(),
    to: jsonb('to').$type<string[]>().notNull(),
    cc: jsonb('cc')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    reply_to: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** The record the message belongs to (an estimate, a user, …), shown on its page. */
    resource: text('resource'),
    record_id: integer('record_id'),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: ts('next_attempt_at').notNull().defaultNow(),
    /** The mail server's last refusal, or why it could not be reached (none once sent). */
    last_error: text('last_error'),
    /** The mail server's acceptance of the sent message (its queue id, for the server's logs). */
    sent_reply: text('sent_reply'),
    /** The secrets the body's markers stand for, sealed (platform/mail/mail-secrets.ts); dropped once sent. */
    secrets: jsonb('secrets').$type<Record<string, string>>(),
    sent_at: ts('sent_at'),
    claimed_by: text('claimed_by'),
    claimed_at: ts('claimed_at'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_outbox_message_id_unique').on(t.message_id),
    index('mail_outbox_status_next_attempt_at_idx').on(t.status, t.next_attempt_at),
    index('mail_outbox_resource_record_id_idx').on(t.resource, t.record_id),
    // the Outbox's pages, newest first (ORDER BY created_at DESC, id DESC: these read backwards), all
    // and by status: read from the index, not sorted (at 10 000 messages a page 40 deep sorted them all, 60 ms)
    index('mail_outbox_created_at_id_idx').on(t.created_at, t.id),
    index('mail_outbox_status_created_at_id_idx').on(t.status, t.created_at, t.id),
  ],
);

/** A message's attachments (a PDF of an estimate or a purchase order), their bytes kept with the message. */
export const mail_attachments = pgTable(
  'mail_attachments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    mail_id: integer('mail_id')
      .notNull()
      .references(() => mail_outbox.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    content_type: text('content_type').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [index('mail_attachments_mail_id_idx').on(t.mail_id)],
);

/**
 * Background work the job runner claims (platform/jobs/): one row per job, or per scheduled task
 * (`key` its name, `every_ms` its period, run again `every_ms` after each run). Claimed as the
 * outbox's messages are: `running` with the claimer and the time, settled only while the claim is
 * the claimer's own, `queued` again after a backoff when it fails.
 */
export const background_jobs = pgTable(
  'background_jobs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    /** A scheduled task's name: one row per task, whichever server declares it first. */
    key: text('key'),
    payload: jsonb('payload').$type<unknown>(),
    /** queued, running, done, failed */
    status: text('status').notNull().default('queued'),
    /** A scheduled task's period; none for a job run once. */
    every_ms: integer('every_ms'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: ts('next_attempt_at').notNull().defaultNow(),
    claimed_by: text('claimed_by'),
    claimed_at: ts('claimed_at'),
    last_error: text('last_error'),
    /** The last run's line for the log (e.g. "3 sessions"), and who ran it. */
    last_summary: text('last_summary'),
    last_run_by: text('last_run_by'),
    last_run_at: ts('last_run_at'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('background_jobs_key_unique').on(t.key), index('background_jobs_status_next_attempt_at_idx').on(t.status, t.next_attempt_at)],
);
