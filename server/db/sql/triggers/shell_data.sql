-- Shell data from memory (ADR 0028): every change of the data each
-- page's frame reads announces itself on the channel shell_data, named by its topic, so every
-- instance drops what it keeps in memory. Statement triggers: one NOTIFY per statement (and
-- PostgreSQL folds equal NOTIFYs of one transaction into one), whatever wrote it.
CREATE OR REPLACE FUNCTION shell_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shell_data', TG_ARGV[0]);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER settings_shell_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION shell_data_changed('settings');

CREATE OR REPLACE TRIGGER currencies_shell_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON currencies
  FOR EACH STATEMENT EXECUTE FUNCTION shell_data_changed('currencies');

CREATE OR REPLACE TRIGGER banners_shell_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION shell_data_changed('banners');

-- The tree shows a category's place, slug, name and whether it is active; other columns (texts,
-- premoderation) do not change it.
CREATE OR REPLACE TRIGGER categories_shell_data AFTER INSERT OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION shell_data_changed('categories');

CREATE OR REPLACE TRIGGER categories_shell_data_update
  AFTER UPDATE OF parent_id, depth, position, slug_cs, slug_en, name_cs, name_en, is_active ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION shell_data_changed('categories');
