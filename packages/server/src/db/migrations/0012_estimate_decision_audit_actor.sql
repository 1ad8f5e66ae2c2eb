ALTER TABLE "audit_log" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "decided_by" text;