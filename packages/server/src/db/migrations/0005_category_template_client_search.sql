-- Category templates are searched by name and by their client's name (a computed field), so the
-- trigram index over the name alone is never used; schema.ts no longer declares it.
DROP INDEX IF EXISTS "category_templates_search_trgm";
