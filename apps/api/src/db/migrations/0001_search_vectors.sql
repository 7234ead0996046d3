-- Full-text search for the header search (GET /api/search): a generated tsvector per campaign and
-- per charity with a GIN index. The 'simple' configuration keeps whole lowercased words so prefix
-- queries ("kitch:*") match as the visitor types. array_to_string is only STABLE, so categories go
-- through an IMMUTABLE wrapper (safe: text[] output never depends on settings).
CREATE OR REPLACE FUNCTION pledgeway_join_words(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string($1, ' '), '') $$;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, coalesce("name", '')), 'A') ||
  setweight(to_tsvector('simple'::regconfig, pledgeway_join_words("categories")), 'B') ||
  setweight(to_tsvector('simple'::regconfig, coalesce("host_full_name", '')), 'B') ||
  setweight(to_tsvector('simple'::regconfig, coalesce("description", '')), 'C') ||
  setweight(to_tsvector('simple'::regconfig, coalesce("event_location", '')), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX "events_search_vector" ON "events" USING gin ("search_vector");
--> statement-breakpoint
ALTER TABLE "charities" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, coalesce("name", '')), 'A') ||
  setweight(to_tsvector('simple'::regconfig, coalesce("description", '')), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "charities_search_vector" ON "charities" USING gin ("search_vector");
