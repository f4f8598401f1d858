CREATE TABLE "live_listing_terms" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"sort_at" timestamp with time zone NOT NULL,
	"topped_until" timestamp with time zone,
	"demoted" boolean NOT NULL,
	"terms" text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_listing_terms_terms_idx" ON "live_listing_terms" USING gin ("terms");--> statement-breakpoint
-- A category's listings newest first with their terms and promotion (ADR 0107): a walk checks each
-- one in the index alone; the second, of the listings ever promoted, for the promoted ones first.
-- Not in the Drizzle schema (its index builder has no INCLUDE), as in migration 0037.
CREATE INDEX "live_listing_terms_newest_idx" ON "live_listing_terms" USING btree ("category_id","sort_at" DESC,"product_id")
	INCLUDE ("terms", "topped_until", "demoted");--> statement-breakpoint
CREATE INDEX "live_listing_terms_promoted_newest_idx" ON "live_listing_terms" USING btree ("category_id","sort_at" DESC,"product_id")
	INCLUDE ("terms", "topped_until", "demoted") WHERE "topped_until" IS NOT NULL;--> statement-breakpoint
-- The terms of the live listings there are (ADR 0107); from here on the triggers in
-- server/db/sql/triggers/live_listing_terms.sql keep them.
INSERT INTO live_listing_terms (product_id, category_id, sort_at, topped_until, demoted, terms)
SELECT p.id, p.category_id, coalesce(p.activation_at, p.created_at), p.topped_until, p.demoted_at IS NOT NULL,
	array['c:' || p.category_id]
		|| CASE WHEN p.brand_id IS NULL THEN '{}'::text[] ELSE array['b:' || p.brand_id] END
		|| CASE WHEN p.package_id IS NULL THEN '{}'::text[] ELSE array['p:' || p.package_id] END
		|| a.terms
FROM (
	SELECT v.product_id, array_agg('a:' || v.key || '=' || coalesce(v.match_key, v.number_value::text) ORDER BY v.key) AS terms
	FROM live_attribute_values v
	WHERE v.match_key IS NOT NULL OR v.number_value IS NOT NULL
	GROUP BY v.product_id
) a
JOIN products p ON p.id = a.product_id
WHERE p.status = 'active';
