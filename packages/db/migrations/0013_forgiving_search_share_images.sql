-- Search that forgives and PNG share cards (decision 003). Drizzle generated the table,
-- the column and the index; the extension, functions, triggers and backfills below are
-- hand-written and run on PGlite and PostgreSQL 15.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"product_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "share_image_url" text;--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- The words of a text as the vocabulary keeps them: the 'simple' configuration lower-cases
-- without stemming or stop words (a correction must be a word a shopper can read) and knows
-- letters beyond ASCII. Compound tokens (hyphenated words, hosts, URLs, e-mail addresses, file
-- names, numbers with dots) are left out: their parts come as words of their own.
CREATE OR REPLACE FUNCTION search_words_of(doc text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT t.lexeme FROM unnest(to_tsvector('simple', coalesce(doc, ''))) AS t
  WHERE length(t.lexeme) BETWEEN 3 AND 30 AND t.lexeme !~ '[-_./@:~?=&%#+''\\]' AND t.lexeme !~ '^[0-9]+$'
$$;--> statement-breakpoint
-- What a product contributes, the fields of its search document (migration 0003).
CREATE OR REPLACE FUNCTION product_search_words_doc(name text, tagline text, tags text[], description text, category_name text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws(' ', name, tagline, array_to_string(tags, ' '), category_name, description)
$$;--> statement-breakpoint
-- Moves the counts of the words of `removed` documents down and of `added` ones up, in word
-- order (two products saved at once lock the rows they share in the same order: no deadlock),
-- and forgets words no published product uses any more.
CREATE OR REPLACE FUNCTION search_words_apply(removed text[], added text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone text[];
BEGIN
  WITH delta AS (
    SELECT x.word, sum(x.d)::integer AS d FROM (
      SELECT w AS word, -1 AS d FROM unnest(removed) AS doc, search_words_of(doc) AS w
      UNION ALL
      SELECT w, 1 FROM unnest(added) AS doc, search_words_of(doc) AS w
    ) x GROUP BY x.word HAVING sum(x.d) <> 0
  ), changed AS (
    INSERT INTO search_words AS s (word, product_count)
    SELECT word, d FROM delta ORDER BY word
    ON CONFLICT (word) DO UPDATE SET product_count = s.product_count + EXCLUDED.product_count
    RETURNING s.word, s.product_count
  )
  SELECT array_agg(word) INTO gone FROM changed WHERE product_count <= 0;
  IF gone IS NOT NULL THEN
    DELETE FROM search_words WHERE word = ANY (gone) AND product_count <= 0;
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_words_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_words_apply('{}', ARRAY(
      SELECT product_search_words_doc(n.name, n.tagline, n.tags, n.description, c.name)
      FROM new_products n JOIN categories c ON c.id = n.category_id WHERE n.is_published));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_words_apply(ARRAY(
      SELECT product_search_words_doc(o.name, o.tagline, o.tags, o.description, c.name)
      FROM old_products o JOIN categories c ON c.id = o.category_id WHERE o.is_published), '{}');
  ELSE
    PERFORM search_words_apply(
      CASE WHEN OLD.is_published
        THEN ARRAY[product_search_words_doc(OLD.name, OLD.tagline, OLD.tags, OLD.description,
          (SELECT c.name FROM categories c WHERE c.id = OLD.category_id))]
        ELSE '{}' END,
      CASE WHEN NEW.is_published
        THEN ARRAY[product_search_words_doc(NEW.name, NEW.tagline, NEW.tags, NEW.description,
          (SELECT c.name FROM categories c WHERE c.id = NEW.category_id))]
        ELSE '{}' END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Inserts and deletes per statement (a bulk seed counts each word once); updates per row, and only
-- when the search document or publication changed: counters, scores and stock never pay for it.
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_search_words_refresh();--> statement-breakpoint
CREATE TRIGGER products_search_words_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_search_words_refresh();--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products FOR EACH ROW
  WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector OR OLD.is_published IS DISTINCT FROM NEW.is_published)
  EXECUTE FUNCTION products_search_words_refresh();--> statement-breakpoint
-- A renamed category: its products' documents with the old name out, with the new one in. (The
-- products re-indexed by 0003's trigger read the new name on both sides, so they change nothing.)
CREATE OR REPLACE FUNCTION categories_search_words_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_apply(
    ARRAY(SELECT product_search_words_doc(p.name, p.tagline, p.tags, p.description, OLD.name)
      FROM products p WHERE p.category_id = OLD.id AND p.is_published),
    ARRAY(SELECT product_search_words_doc(p.name, p.tagline, p.tags, p.description, NEW.name)
      FROM products p WHERE p.category_id = NEW.id AND p.is_published));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER categories_search_words AFTER UPDATE OF name ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION categories_search_words_refresh();--> statement-breakpoint
-- Each word of a query replaced by the vocabulary's nearest one: among the 30 nearest by trigram
-- distance (the GiST index answers that), the fewest edits away, then the most alike, then the
-- most used. Words of under 4 characters and words with digits stay as typed (too many near
-- neighbours to guess from); a word the vocabulary has is its own nearest. 4 characters allow
-- one edit, longer words two.
CREATE OR REPLACE FUNCTION correct_search_words(words text[]) RETURNS text[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(coalesce(best.word, q.word) ORDER BY q.pos), '{}')
  FROM unnest(words) WITH ORDINALITY AS q(word, pos)
  LEFT JOIN LATERAL (
    SELECT c.word FROM (
      SELECT s.word, s.product_count FROM search_words s ORDER BY s.word <-> q.word LIMIT 30
    ) AS c
    WHERE length(q.word) >= 4 AND q.word !~ '[0-9]'
      AND levenshtein(c.word, q.word) <= CASE WHEN length(q.word) = 4 THEN 1 ELSE 2 END
    ORDER BY levenshtein(c.word, q.word), similarity(c.word, q.word) DESC, c.product_count DESC, c.word
    LIMIT 1
  ) AS best ON true
$$;--> statement-breakpoint
-- The full-text query of corrected words, as catalog.query.ts builds one: every word, the last
-- as a prefix. The words are the vocabulary's or the query's (letters and digits only).
CREATE OR REPLACE FUNCTION search_tsquery_text(words text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg(CASE WHEN t.i = cardinality(words) THEN t.w || ':*' ELSE t.w END, ' & ' ORDER BY t.i)
  FROM unnest(words) WITH ORDINALITY AS t(w, i)
$$;--> statement-breakpoint
-- Backfills: the vocabulary of the products already published, and the share cards of the demo
-- products (their media folder draws share.png beside the logo, packages/db/src/seed/media.ts).
SELECT search_words_apply('{}', ARRAY(
  SELECT product_search_words_doc(p.name, p.tagline, p.tags, p.description, c.name)
  FROM products p JOIN categories c ON c.id = p.category_id WHERE p.is_published));--> statement-breakpoint
UPDATE products SET share_image_url = '/uploads/demo/' || slug || '/share.png'
  WHERE logo_url = '/uploads/demo/' || slug || '/logo.svg';
