CREATE TABLE "live_attribute_counts" (
	"category_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"number_value" double precision,
	"text_value" text,
	"n" integer NOT NULL,
	CONSTRAINT "live_attribute_counts_pkey" PRIMARY KEY("category_id","key","value")
);
--> statement-breakpoint
-- The counts from the live values there are (ADR 0104); from here on the triggers in
-- server/db/sql/triggers/live_attribute_counts.sql keep them.
INSERT INTO live_attribute_counts (category_id, key, value, number_value, text_value, n)
SELECT category_id, key, coalesce(match_key, number_value::text), min(number_value), min(text_value), count(*)::int
FROM live_attribute_values
WHERE match_key IS NOT NULL OR number_value IS NOT NULL
GROUP BY 1, 2, 3;
