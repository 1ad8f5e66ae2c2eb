ALTER TABLE "mail_outbox" ADD COLUMN "sent_reply" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "secrets" jsonb;--> statement-breakpoint
-- A sent message's acceptance was kept as its last_error: it is its sent_reply.
UPDATE "mail_outbox" SET "sent_reply" = "last_error", "last_error" = NULL WHERE "status" = 'sent';--> statement-breakpoint
-- The links of messages already sent no longer stay readable in the outbox (nothing sends them again).
UPDATE "mail_outbox" SET
  "html" = regexp_replace("html", '(/reset-password\?token=|/approve/)[A-Za-z0-9_-]{43}', '\1hidden-in-the-outbox', 'g'),
  "text" = regexp_replace("text", '(/reset-password\?token=|/approve/)[A-Za-z0-9_-]{43}', '\1hidden-in-the-outbox', 'g')
WHERE "status" = 'sent';
