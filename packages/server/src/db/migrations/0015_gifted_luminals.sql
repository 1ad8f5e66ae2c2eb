ALTER TABLE "purchase_order_materials" ADD COLUMN "job_product_id" integer;--> statement-breakpoint
ALTER TABLE "purchase_order_materials" ADD COLUMN "glass_width" numeric(14, 5);--> statement-breakpoint
ALTER TABLE "purchase_order_materials" ADD COLUMN "glass_height" numeric(14, 5);--> statement-breakpoint
ALTER TABLE "purchase_order_materials" ADD COLUMN "glass_thickness" numeric(14, 5);--> statement-breakpoint
ALTER TABLE "purchase_order_materials" ADD COLUMN "job_label" text;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "glass_material_id" integer;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "glass_thickness" numeric(14, 5);--> statement-breakpoint
ALTER TABLE "purchase_order_materials" ADD CONSTRAINT "purchase_order_materials_job_product_id_job_products_id_fk" FOREIGN KEY ("job_product_id") REFERENCES "public"."job_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_glass_material_id_materials_id_fk" FOREIGN KEY ("glass_material_id") REFERENCES "public"."materials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_materials_job_product_id_idx" ON "purchase_order_materials" USING btree ("job_product_id");--> statement-breakpoint
CREATE INDEX "series_glass_material_id_idx" ON "series" USING btree ("glass_material_id");--> statement-breakpoint
ALTER TABLE "purchase_order_materials" ADD CONSTRAINT "purchase_order_materials_glass_width_min" CHECK ("glass_width" > 0);--> statement-breakpoint
ALTER TABLE "purchase_order_materials" ADD CONSTRAINT "purchase_order_materials_glass_height_min" CHECK ("glass_height" > 0);--> statement-breakpoint
ALTER TABLE "purchase_order_materials" ADD CONSTRAINT "purchase_order_materials_glass_thickness_min" CHECK ("glass_thickness" > 0);--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_glass_thickness_min" CHECK ("glass_thickness" > 0);