ALTER TABLE "estimates" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hours_per_unit" numeric(14, 5);--> statement-breakpoint
CREATE INDEX "jobs_end_date_idx" ON "jobs" USING btree ("end_date");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hours_per_unit_min" CHECK ("hours_per_unit" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hours_per_unit_max" CHECK ("hours_per_unit" <= 1000);--> statement-breakpoint
-- Estimates decided before the column: their last change is the best record of when (issue 26's days to win).
UPDATE "estimates" SET "decided_at" = "updated_at" WHERE "status" IN ('won', 'lost') AND "decided_at" IS NULL;
