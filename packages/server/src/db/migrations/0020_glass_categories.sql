ALTER TABLE "material_categories" ADD COLUMN "is_glass" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Glass categories (issue 53): those whose materials a series already orders as its glass, and
-- those named for glass or mirror stock, so the series' "Glass to order" picker still offers them.
UPDATE "material_categories" SET "is_glass" = true
  WHERE "name" ILIKE '%glass%' OR "name" ILIKE '%mirror%'
     OR "id" IN (SELECT m."material_category_id" FROM "series" s JOIN "materials" m ON m."id" = s."glass_material_id");
