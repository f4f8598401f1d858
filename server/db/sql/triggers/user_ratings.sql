-- Every user's rating (count, sum of stars) follows the reviews table by a trigger, so that any
-- writer (the reviews service, the seed, an account deletion, the back office) keeps it right.
CREATE OR REPLACE FUNCTION "user_ratings_follow_reviews"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE "user_ratings" SET "review_count" = "review_count" - 1, "stars_sum" = "stars_sum" - OLD."stars"
		WHERE "user_id" = OLD."subject_id";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "user_ratings" ("user_id", "review_count", "stars_sum") VALUES (NEW."subject_id", 1, NEW."stars")
		ON CONFLICT ("user_id") DO UPDATE SET "review_count" = "user_ratings"."review_count" + 1,
			"stars_sum" = "user_ratings"."stars_sum" + EXCLUDED."stars_sum";
	END IF;
	RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "reviews_user_ratings" AFTER INSERT OR DELETE OR UPDATE OF "stars", "subject_id" ON "reviews"
	FOR EACH ROW EXECUTE FUNCTION "user_ratings_follow_reviews"();
