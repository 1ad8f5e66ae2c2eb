ALTER TABLE "estimate_approvals" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estimate_approvals" ADD COLUMN "declined_name" text;--> statement-breakpoint
ALTER TABLE "estimate_approvals" ADD COLUMN "declined_reason" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "sent_to" text;