-- The deals' ledger (ADR 0073) is double entry: every posting's entries sum to zero, and a posting
-- has entries of its own deal. The check runs at commit (a deferred constraint trigger), so a
-- posting's entries may be inserted one by one within its transaction; a transaction that leaves
-- a posting unbalanced, or without entries, fails as a whole. Constraint triggers cannot be
-- replaced in place: each is dropped and created again, which a re-run does alike.
CREATE OR REPLACE FUNCTION "ledger_posting_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	checked integer := NEW."id";
	total bigint;
	entries integer;
	strangers integer;
BEGIN
	IF TG_TABLE_NAME = 'ledger_entries' THEN
		checked := NEW."posting_id";
	END IF;
	SELECT coalesce(sum(e."amount_minor"), 0), count(*), count(*) FILTER (WHERE e."deal_id" <> p."deal_id")
		INTO total, entries, strangers
		FROM "ledger_postings" p LEFT JOIN "ledger_entries" e ON e."posting_id" = p."id"
		WHERE p."id" = checked;
	IF entries < 2 OR total <> 0 OR strangers > 0 THEN
		RAISE EXCEPTION 'ledger posting % is unbalanced: % entries summing to %', checked, entries, total
			USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_posting_balanced';
	END IF;
	RETURN NULL;
END
$$;

-- The ledger is written once: an entry or a posting is never changed or removed (a correction is a
-- new posting).
CREATE OR REPLACE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME
		USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_append_only';
END
$$;

DROP TRIGGER IF EXISTS "ledger_entries_balanced" ON "ledger_entries";
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_posting_balanced"();

DROP TRIGGER IF EXISTS "ledger_postings_balanced" ON "ledger_postings";
CREATE CONSTRAINT TRIGGER "ledger_postings_balanced" AFTER INSERT ON "ledger_postings"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_posting_balanced"();

CREATE OR REPLACE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();

CREATE OR REPLACE TRIGGER "ledger_postings_append_only" BEFORE UPDATE OR DELETE ON "ledger_postings"
	FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
