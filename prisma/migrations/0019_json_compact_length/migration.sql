-- A Thread object leaves out a message's jsonContent "over 2,000 characters of JSON" (decisions.md): JSON as a
-- client writes it, compact. jsonb's text form puts a space after every ',' and ':' between values, so that a
-- client's 1,998 characters read as over 2,000. The compact length is the text form without those spaces; it is
-- at least two thirds of the text form's (a one-character value and its ", "), so that the regular expression
-- runs only when the text form is between `max` and twice that.
CREATE FUNCTION "json_longer_than"(value jsonb, max integer) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN length(t) <= max THEN false
              WHEN length(t) > 2 * max THEN true
              -- A string (its escapes included) is kept as it is; a ", " or ": " outside one loses its space.
              ELSE length(regexp_replace(t, '("(?:[^"\\]|\\.)*")|([,:]) ', '\1\2', 'g')) > max END
  FROM (SELECT value::text AS t) text_form
$$;
