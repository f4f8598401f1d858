-- Shell data from memory (docs/decisions, "Shell data from memory"): every change of the data each
-- page's frame reads announces itself on the channel shell_data, named by its topic, so every
-- instance drops what it keeps in memory. Statement triggers: one NOTIFY per statement (and
-- PostgreSQL folds equal NOTIFYs of one transaction into one), whatever wrote it.
CREATE OR REPLACE FUNCTION shell_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shell_data', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER settings_shell_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION shell_data_changed('settings');
--> statement-breakpoint
CREATE TRIGGER currencies_shell_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON currencies
  FOR EACH STATEMENT EXECUTE FUNCTION shell_data_changed('currencies');
--> statement-breakpoint
CREATE TRIGGER banners_shell_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION shell_data_changed('banners');
--> statement-breakpoint
-- The tree shows a category's place, slug, name and whether it is active; other columns (texts,
-- premoderation) do not change it.
CREATE TRIGGER categories_shell_data AFTER INSERT OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION shell_data_changed('categories');
--> statement-breakpoint
CREATE TRIGGER categories_shell_data_update
  AFTER UPDATE OF parent_id, depth, position, slug_cs, slug_en, name_cs, name_en, is_active ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION shell_data_changed('categories');
