-- The full-text query of a search as typed (decision 003): every word, the last one as a prefix
-- so results come while typing. The document keeps English stems ("writing" is 'write',
-- "productivity" 'product'), so a prefix longer than its word's stem ("writin", "productiv")
-- matched nothing and fell to the typo path. The last word of four letters or more also matches
-- the stems of the vocabulary's words it begins (migration 0013) when the prefix would miss them:
-- "writin" is 'writin':* | 'write'. `typed` is the words joined by one space, letters and digits
-- only. PL/pgSQL keeps the function's plans per connection (an SQL function was planned again on
-- every call: half a millisecond per search).
CREATE INDEX "search_words_word_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_typed_tsquery(typed text) RETURNS tsquery LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  words text[] := string_to_array(typed, ' ');
  last_word text := words[cardinality(words)];
  head text := array_to_string(words[1:cardinality(words) - 1], ' & ');
  typed_query tsquery := to_tsquery('english', last_word || ':*');
  -- What the prefix itself becomes ("productivity" is 'product':*): stems it covers are not added.
  stemmed text := (tsvector_to_array(to_tsvector('english', last_word)))[1];
  stems text;
BEGIN
  IF length(last_word) >= 4 AND stemmed IS NOT NULL THEN
    -- A byte-wise range on the prefix index: the words that begin with the last one.
    SELECT string_agg(DISTINCT stem, ' | ') INTO stems
    FROM search_words AS v, unnest(tsvector_to_array(to_tsvector('english', v.word))) AS stem
    WHERE v.word ~>=~ last_word AND v.word ~<~ (last_word || chr(1114111))
      AND starts_with(v.word, last_word) AND NOT starts_with(stem, stemmed);
    IF stems IS NOT NULL THEN
      typed_query := typed_query || to_tsquery('simple', stems);
    END IF;
  END IF;
  IF head <> '' THEN
    typed_query := to_tsquery('english', head) && typed_query;
  END IF;
  RETURN typed_query;
END $$;
