-- On hand (resources/inventory.ts stockSql) per material: the last count is one entry of a partial
-- index of counts, and the movements after it a range of (material_id, date, id) that carries
-- type and qty, so both are read from the index alone (suggested orders compute it for every
-- material; the inventory page and the stock history for a page of them).
DROP INDEX IF EXISTS "material_transactions_material_id_date_id_idx";--> statement-breakpoint
CREATE INDEX "material_transactions_material_id_date_id_idx" ON "material_transactions" USING btree ("material_id","date","id") INCLUDE ("type","qty");--> statement-breakpoint
CREATE INDEX "material_transactions_last_count_idx" ON "material_transactions" USING btree ("material_id","date","id") INCLUDE ("qty") WHERE "type" = 'count';
