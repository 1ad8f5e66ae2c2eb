-- The analysis (issue 26): a product's labour estimate, when an estimate was decided, jobs by end
-- date, and covering indexes for its sums (a job's products' money, its hours, a range's hours).
ALTER TABLE "estimates" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hours_per_unit" numeric(14, 5);--> statement-breakpoint
CREATE INDEX "job_products_job_money_idx" ON "job_products" USING btree ("job_id") INCLUDE ("revenue","cost","product_id","qty") WHERE "job_products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "jobs_end_date_idx" ON "jobs" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "time_entries_job_hours_idx" ON "time_entries" USING btree ("job_id") INCLUDE ("hours") WHERE "time_entries"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "time_entries_date_hours_idx" ON "time_entries" USING btree ("date") INCLUDE ("user_id","job_id","hours") WHERE "time_entries"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hours_per_unit_min" CHECK ("hours_per_unit" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hours_per_unit_max" CHECK ("hours_per_unit" <= 1000);--> statement-breakpoint
-- Estimates decided before the column: their last change is the best record of when (the days to win).
UPDATE "estimates" SET "decided_at" = "updated_at" WHERE "status" IN ('won', 'lost') AND "decided_at" IS NULL;
