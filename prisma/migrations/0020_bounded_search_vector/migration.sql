-- A user message's search vector reads its first 100,000 characters (as a page of messages shows them): a
-- tsvector holds at most 1 MB, which a pasted log of some 400 KB of distinct words passes, and the insert failed
-- (54000), refusing the whole Create Thread. 100,000 characters stay far under it in any script. The index is
-- rebuilt: its entries of longer messages were computed from the whole content.
CREATE OR REPLACE FUNCTION "message_search_vector"(language TEXT, content TEXT) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector(CASE language
    WHEN 'en' THEN 'english' WHEN 'de' THEN 'german' WHEN 'fr' THEN 'french' WHEN 'es' THEN 'spanish'
    WHEN 'pt' THEN 'portuguese' WHEN 'it' THEN 'italian' WHEN 'nl' THEN 'dutch' ELSE 'simple' END::regconfig, left(content, 100000))
$$;

REINDEX INDEX "Message_search_idx";
