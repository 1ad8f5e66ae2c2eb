ALTER TABLE "invoices" DROP CONSTRAINT "invoices_job_id_required";--> statement-breakpoint
DROP INDEX "clients_search_trgm";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "estimate_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_estimate_id_idx" ON "invoices" USING btree ("estimate_id");--> statement-breakpoint
CREATE INDEX "clients_search_trgm" ON "clients" USING gin (lower(coalesce("name", '') || ' ' || coalesce("note", '') || ' ' || coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_job_id_or_estimate_id" CHECK (("job_id" IS NOT NULL AND btrim("job_id"::text) <> '') OR ("estimate_id" IS NOT NULL AND btrim("estimate_id"::text) <> ''));