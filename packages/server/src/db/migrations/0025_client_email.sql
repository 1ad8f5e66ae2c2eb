DROP INDEX "clients_search_trgm";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "email" text;--> statement-breakpoint
CREATE INDEX "clients_search_trgm" ON "clients" USING gin (lower(coalesce("name", '') || ' ' || coalesce("note", '') || ' ' || coalesce("email", '')) gin_trgm_ops);