-- A bottling's linked listings (ADR 0149) follow every write to bottling_links, whoever makes it
-- (linking, moving a link, a merge, a listing deleted with its link): inserts and deletes per
-- statement (transition tables), an update per row and only when the link moves to another
-- bottling. A statement's bottlings are written in the order of their ids, so that two bulk
-- statements touching the same bottlings wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION bottling_linked_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE bottlings b SET linked_count = b.linked_count + l.n
	FROM (SELECT bottling_id, count(*)::int AS n FROM inserted_rows GROUP BY bottling_id ORDER BY bottling_id) l
	WHERE b.id = l.bottling_id;
	RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION bottling_linked_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE bottlings b SET linked_count = b.linked_count - l.n
	FROM (SELECT bottling_id, count(*)::int AS n FROM deleted_rows GROUP BY bottling_id ORDER BY bottling_id) l
	WHERE b.id = l.bottling_id;
	RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION bottling_linked_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE bottlings SET linked_count = linked_count + CASE WHEN id = NEW.bottling_id THEN 1 ELSE -1 END
	WHERE id IN (OLD.bottling_id, NEW.bottling_id);
	RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION bottling_linked_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE bottlings SET linked_count = 0 WHERE linked_count <> 0;
	RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "bottling_links_linked_counts_insert" AFTER INSERT ON "bottling_links"
	REFERENCING NEW TABLE AS inserted_rows
	FOR EACH STATEMENT EXECUTE FUNCTION bottling_linked_counts_inserted();

CREATE OR REPLACE TRIGGER "bottling_links_linked_counts_delete" AFTER DELETE ON "bottling_links"
	REFERENCING OLD TABLE AS deleted_rows
	FOR EACH STATEMENT EXECUTE FUNCTION bottling_linked_counts_deleted();

CREATE OR REPLACE TRIGGER "bottling_links_linked_counts_update" AFTER UPDATE OF "bottling_id" ON "bottling_links"
	FOR EACH ROW WHEN (OLD.bottling_id IS DISTINCT FROM NEW.bottling_id)
	EXECUTE FUNCTION bottling_linked_counts_moved();

CREATE OR REPLACE TRIGGER "bottling_links_linked_counts_truncate" AFTER TRUNCATE ON "bottling_links"
	FOR EACH STATEMENT EXECUTE FUNCTION bottling_linked_counts_truncated();
