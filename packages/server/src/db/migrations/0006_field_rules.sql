DROP INDEX "settings_name_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_number_unique" ON "jobs" USING btree (lower("number")) WHERE deleted_at IS NULL AND "jobs"."is_template" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "materials_number_unique" ON "materials" USING btree (lower("number")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "settings_name_unique" ON "settings" USING btree (lower("name")) WHERE deleted_at IS NULL;--> statement-breakpoint
ALTER TABLE "bom_materials" ADD CONSTRAINT "bom_materials_bom_id_required" CHECK ("bom_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "bom_materials" ADD CONSTRAINT "bom_materials_material_id_required" CHECK ("material_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "bom_materials" ADD CONSTRAINT "bom_materials_qty_min" CHECK ("qty" >= 0);--> statement-breakpoint
ALTER TABLE "category_templates" ADD CONSTRAINT "category_templates_name_required" CHECK ("name" IS NOT NULL AND btrim("name") <> '');--> statement-breakpoint
ALTER TABLE "category_templates" ADD CONSTRAINT "category_templates_client_id_required" CHECK ("client_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "client_types" ADD CONSTRAINT "client_types_name_required" CHECK ("name" IS NOT NULL AND btrim("name") <> '');--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_name_required" CHECK ("name" IS NOT NULL AND btrim("name") <> '');--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_color_values" CHECK ("color" IN ('#e03131', '#c2255c', '#9c36b5', '#6741d9', '#3b5bdb', '#1971c2', '#0c8599', '#099268', '#2f9e44', '#66a80f', '#f08c00', '#e8590c'));--> statement-breakpoint
ALTER TABLE "estimate_category_notes" ADD CONSTRAINT "estimate_category_notes_estimate_id_required" CHECK ("estimate_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "estimate_category_notes" ADD CONSTRAINT "estimate_category_notes_product_category_id_required" CHECK ("product_category_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_estimate_id_required" CHECK ("estimate_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_qty_min" CHECK ("qty" >= 0);--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_amount_min" CHECK ("amount" >= 0);--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_alternate_amount_min" CHECK ("alternate_amount" >= 0);--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_cost_min" CHECK ("cost" >= 0);--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_alternate_cost_min" CHECK ("alternate_cost" >= 0);--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_sort_min" CHECK ("sort" >= 0);--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_client_id_required" CHECK ("client_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_name_required" CHECK ("name" IS NOT NULL AND btrim("name") <> '');--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_status_values" CHECK ("status" IN ('draft', 'open', 'won', 'lost'));--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_type_values" CHECK ("type" IN ('commercial', 'residential'));--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_job_end_date_not_before" CHECK ("job_end_date" IS NULL OR "job_start_date" IS NULL OR "job_end_date" >= "job_start_date");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_job_id_required" CHECK ("job_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_date_required" CHECK ("date" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_description_required" CHECK ("description" IS NOT NULL AND btrim("description") <> '');--> statement-breakpoint
ALTER TABLE "job_products" ADD CONSTRAINT "job_products_job_id_required" CHECK ("job_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "job_products" ADD CONSTRAINT "job_products_qty_min" CHECK ("qty" >= 0);--> statement-breakpoint
ALTER TABLE "job_products" ADD CONSTRAINT "job_products_cost_min" CHECK ("cost" >= 0);--> statement-breakpoint
ALTER TABLE "job_products" ADD CONSTRAINT "job_products_revenue_min" CHECK ("revenue" >= 0);--> statement-breakpoint
ALTER TABLE "job_products" ADD CONSTRAINT "job_products_default_cost_per_unit_min" CHECK ("default_cost_per_unit" >= 0);--> statement-breakpoint
ALTER TABLE "job_products" ADD CONSTRAINT "job_products_default_revenue_per_unit_min" CHECK ("default_revenue_per_unit" >= 0);--> statement-breakpoint
ALTER TABLE "job_products" ADD CONSTRAINT "job_products_glass_width_min" CHECK ("glass_width" > 0);--> statement-breakpoint
ALTER TABLE "job_products" ADD CONSTRAINT "job_products_glass_height_min" CHECK ("glass_height" > 0);--> statement-breakpoint
ALTER TABLE "job_products" ADD CONSTRAINT "job_products_sort_min" CHECK ("sort" >= 0);--> statement-breakpoint
ALTER TABLE "job_products" ADD CONSTRAINT "job_products_product_id_or_name" CHECK (("product_id" IS NOT NULL AND btrim("product_id"::text) <> '') OR ("name" IS NOT NULL AND btrim("name"::text) <> ''));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_client_id_required" CHECK (NOT ("is_template" = false) OR ("client_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_burden_rate_min" CHECK ("burden_rate" >= 0);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_trip_charge_min" CHECK ("trip_charge" >= 0);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_additional_costs_min" CHECK ("additional_costs" >= 0);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_additional_revenues_min" CHECK ("additional_revenues" >= 0);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_invoice_amount_min" CHECK ("invoice_amount" >= 0);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_end_date_not_before" CHECK ("end_date" IS NULL OR "start_date" IS NULL OR "end_date" >= "start_date");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "job_templates_name_required" CHECK (NOT ("is_template" = true) OR ("name" IS NOT NULL AND btrim("name") <> ''));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "job_templates_client_id_or_category_template_id_not_both" CHECK (NOT ("is_template" = true) OR ("client_id" IS NULL OR "category_template_id" IS NULL));--> statement-breakpoint
ALTER TABLE "material_categories" ADD CONSTRAINT "material_categories_name_required" CHECK ("name" IS NOT NULL AND btrim("name") <> '');--> statement-breakpoint
ALTER TABLE "material_snapshots" ADD CONSTRAINT "material_snapshots_material_id_required" CHECK ("material_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "material_snapshots" ADD CONSTRAINT "material_snapshots_date_required" CHECK ("date" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "material_transactions" ADD CONSTRAINT "material_transactions_material_id_required" CHECK ("material_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "material_transactions" ADD CONSTRAINT "material_transactions_type_values" CHECK ("type" IN ('receipt', 'pull', 'count', 'adjustment'));--> statement-breakpoint
ALTER TABLE "material_transactions" ADD CONSTRAINT "material_transactions_type_required" CHECK ("type" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "material_transactions" ADD CONSTRAINT "material_transactions_qty_required" CHECK ("qty" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "material_transactions" ADD CONSTRAINT "material_transactions_price_min" CHECK ("price" >= 0);--> statement-breakpoint
ALTER TABLE "material_transactions" ADD CONSTRAINT "material_transactions_qty_count_min" CHECK ("type" IS NULL OR "type" NOT IN ('count') OR "qty" >= 0);--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_number_required" CHECK ("number" IS NOT NULL AND btrim("number") <> '');--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_reorder_qty_min" CHECK ("reorder_qty" >= 0);--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_economic_order_qty_min" CHECK ("economic_order_qty" >= 0);--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_starting_qty_min" CHECK ("starting_qty" >= 0);--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_starting_price_min" CHECK ("starting_price" >= 0);--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_note_required" CHECK ("note" IS NOT NULL AND btrim("note") <> '');--> statement-breakpoint
ALTER TABLE "pickup_items" ADD CONSTRAINT "pickup_items_job_id_required" CHECK ("job_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "pickup_items" ADD CONSTRAINT "pickup_items_category_name_values" CHECK ("category_name" IN ('Hardware', 'Mirrors', 'Shelving', 'Shower Glass', 'Window Coverings'));--> statement-breakpoint
ALTER TABLE "pickup_items" ADD CONSTRAINT "pickup_items_reason_values" CHECK ("reason" IN ('Job not ready', 'Measurement', 'Shop work', 'On site work', 'Out of stock', 'Deficient glass', 'Provided info wrong', 'Job data entry mistake', 'Loading Mistake'));--> statement-breakpoint
ALTER TABLE "pickup_items" ADD CONSTRAINT "pickup_items_status_values" CHECK ("status" IN ('ready', 'job_not_ready', 'needs_fabricated', 'fabricated', 'waiting_on_product', 'scheduled'));--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_name_required" CHECK ("name" IS NOT NULL AND btrim("name") <> '');--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_selection_method_values" CHECK ("product_selection_method" IN ('series', 'product'));--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_sort_min" CHECK ("sort" >= 0);--> statement-breakpoint
ALTER TABLE "product_materials" ADD CONSTRAINT "product_materials_product_id_required" CHECK ("product_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "product_materials" ADD CONSTRAINT "product_materials_material_id_required" CHECK ("material_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "product_materials" ADD CONSTRAINT "product_materials_qty_min" CHECK ("qty" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_name_required" CHECK ("name" IS NOT NULL AND btrim("name") <> '');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cost_per_unit_min" CHECK ("cost_per_unit" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_revenue_per_unit_min" CHECK ("revenue_per_unit" >= 0);--> statement-breakpoint
ALTER TABLE "purchase_order_materials" ADD CONSTRAINT "purchase_order_materials_purchase_order_id_required" CHECK ("purchase_order_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "purchase_order_materials" ADD CONSTRAINT "purchase_order_materials_material_id_required" CHECK ("material_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "purchase_order_materials" ADD CONSTRAINT "purchase_order_materials_qty_min" CHECK ("qty" >= 0);--> statement-breakpoint
ALTER TABLE "purchase_order_materials" ADD CONSTRAINT "purchase_order_materials_price_min" CHECK ("price" >= 0);--> statement-breakpoint
ALTER TABLE "purchase_order_materials" ADD CONSTRAINT "purchase_order_materials_status_values" CHECK ("status" IN ('ordered', 'received', 'backordered'));--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_number_min" CHECK ("number" > 0);--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_vendor_id_required" CHECK ("vendor_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_values" CHECK ("role" IN ('admin', 'manager', 'supervisor', 'employee'));--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_required" CHECK ("role" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_area_values" CHECK ("area" IN ('jobs', 'jobs_admin', 'estimates', 'estimates_admin', 'clients', 'users', 'inventory', 'products', 'products_admin', 'boms', 'purchase_orders', 'pickup_items', 'time_entries', 'images', 'analysis', 'forecasting', 'settings'));--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_area_required" CHECK ("area" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "schedule_notes" ADD CONSTRAINT "schedule_notes_date_required" CHECK ("date" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "schedule_notes" ADD CONSTRAINT "schedule_notes_note_required" CHECK ("note" IS NOT NULL AND btrim("note") <> '');--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_name_required" CHECK ("name" IS NOT NULL AND btrim("name") <> '');--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_sort_min" CHECK ("sort" >= 0);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_name_required" CHECK ("name" IS NOT NULL AND btrim("name") <> '');--> statement-breakpoint
ALTER TABLE "takeoff_items" ADD CONSTRAINT "takeoff_items_takeoff_unit_id_required" CHECK ("takeoff_unit_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "takeoff_items" ADD CONSTRAINT "takeoff_items_takeoff_id_required" CHECK ("takeoff_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "takeoff_items" ADD CONSTRAINT "takeoff_items_takeoff_option_id_required" CHECK ("takeoff_option_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "takeoff_items" ADD CONSTRAINT "takeoff_items_qty_min" CHECK ("qty" >= 0);--> statement-breakpoint
ALTER TABLE "takeoff_options" ADD CONSTRAINT "takeoff_options_takeoffable_type_values" CHECK ("takeoffable_type" IN ('product_category', 'series', 'product'));--> statement-breakpoint
ALTER TABLE "takeoff_options" ADD CONSTRAINT "takeoff_options_takeoffable_type_required" CHECK ("takeoffable_type" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "takeoff_options" ADD CONSTRAINT "takeoff_options_takeoffable_id_min" CHECK ("takeoffable_id" > 0);--> statement-breakpoint
ALTER TABLE "takeoff_options" ADD CONSTRAINT "takeoff_options_takeoffable_id_required" CHECK ("takeoffable_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "takeoff_options" ADD CONSTRAINT "takeoff_options_description_required" CHECK ("description" IS NOT NULL AND btrim("description") <> '');--> statement-breakpoint
ALTER TABLE "takeoff_options" ADD CONSTRAINT "takeoff_options_sort_min" CHECK ("sort" >= 0);--> statement-breakpoint
ALTER TABLE "takeoff_units" ADD CONSTRAINT "takeoff_units_takeoff_id_required" CHECK ("takeoff_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "takeoff_units" ADD CONSTRAINT "takeoff_units_description_required" CHECK ("description" IS NOT NULL AND btrim("description") <> '');--> statement-breakpoint
ALTER TABLE "takeoff_units" ADD CONSTRAINT "takeoff_units_qty_min" CHECK ("qty" >= 0);--> statement-breakpoint
ALTER TABLE "takeoff_units" ADD CONSTRAINT "takeoff_units_sort_min" CHECK ("sort" >= 0);--> statement-breakpoint
ALTER TABLE "takeoffs" ADD CONSTRAINT "takeoffs_estimate_id_required" CHECK ("estimate_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_hours_min" CHECK ("hours" > 0);--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_hours_max" CHECK ("hours" <= 24);--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_hours_required" CHECK ("hours" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_date_required" CHECK ("date" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_name_required" CHECK ("name" IS NOT NULL AND btrim("name") <> '');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_required" CHECK ("email" IS NOT NULL AND btrim("email") <> '');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_values" CHECK ("role" IN ('admin', 'manager', 'supervisor', 'employee'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_required" CHECK ("role" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_branch_id_min" CHECK ("branch_id" > 0);--> statement-breakpoint
ALTER TABLE "vendor_materials" ADD CONSTRAINT "vendor_materials_material_id_required" CHECK ("material_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "vendor_materials" ADD CONSTRAINT "vendor_materials_vendor_id_required" CHECK ("vendor_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "vendor_materials" ADD CONSTRAINT "vendor_materials_minimum_order_qty_min" CHECK ("minimum_order_qty" >= 0);--> statement-breakpoint
ALTER TABLE "vendor_materials" ADD CONSTRAINT "vendor_materials_unit_price_min" CHECK ("unit_price" >= 0);--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_name_required" CHECK ("name" IS NOT NULL AND btrim("name") <> '');