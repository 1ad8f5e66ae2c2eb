ALTER TABLE "job_products" ADD COLUMN "opening_width" numeric(14, 5);--> statement-breakpoint
ALTER TABLE "job_products" ADD COLUMN "opening_height" numeric(14, 5);--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "glass_width_deduction" numeric(14, 5);--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "glass_height_deduction" numeric(14, 5);--> statement-breakpoint
CREATE INDEX "job_products_to_measure_idx" ON "job_products" USING btree ("job_id") WHERE NOT "job_products"."is_measured" AND "job_products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "job_products_to_order_idx" ON "job_products" USING btree ("job_id") WHERE NOT "job_products"."is_ordered" AND "job_products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "job_products_to_fabricate_idx" ON "job_products" USING btree ("job_id") WHERE NOT "job_products"."is_fabricated" AND "job_products"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "job_products" ADD CONSTRAINT "job_products_opening_width_min" CHECK ("opening_width" > 0);--> statement-breakpoint
ALTER TABLE "job_products" ADD CONSTRAINT "job_products_opening_height_min" CHECK ("opening_height" > 0);--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_glass_width_deduction_min" CHECK ("glass_width_deduction" >= 0);--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_glass_height_deduction_min" CHECK ("glass_height_deduction" >= 0);