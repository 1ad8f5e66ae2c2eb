ALTER TABLE "estimate_items" ADD COLUMN "revised_from_id" integer;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "alternate_categories" jsonb DEFAULT '[]'::jsonb;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "revision" integer DEFAULT 0;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "revision_root_id" integer;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_revised_from_id_estimate_items_id_fk" FOREIGN KEY ("revised_from_id") REFERENCES "public"."estimate_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_revision_root_id_estimates_id_fk" FOREIGN KEY ("revision_root_id") REFERENCES "public"."estimates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_items_revised_from_id_idx" ON "estimate_items" USING btree ("revised_from_id");--> statement-breakpoint
CREATE INDEX "estimates_revision_root_id_idx" ON "estimates" USING btree ("revision_root_id");