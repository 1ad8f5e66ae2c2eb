ALTER TABLE "notes" ADD COLUMN "show_on_job" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "show_on_job" boolean DEFAULT false NOT NULL;