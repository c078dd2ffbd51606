-- The daily counts' triggers join the rows a statement changed to "Feedback" (and "Thread") by key.
-- PL/pgSQL plans each of their statements once per connection, with the table's size at that moment:
-- planned while "Feedback" was empty (a new install, or right after it was emptied and analyzed) the
-- join scans the whole table, and every later call on that connection does so as the table grows,
-- until something invalidates the plan. Measured (npm run bench, after a reset had emptied
-- "Feedback"): `feedback_link_counted` took ~2 ms per call instead of ~0.07, and a vote's PostgreSQL
-- CPU doubled. With sequential scans priced out, these statements always take the keyed index.
ALTER FUNCTION "feedback_counted"() SET enable_seqscan = off;
ALTER FUNCTION "feedback_link_counted"() SET enable_seqscan = off;
ALTER FUNCTION "feedback_link_counts"(TEXT, "FeedbackLink"[], INTEGER) SET enable_seqscan = off;
ALTER FUNCTION "thread_counted"() SET enable_seqscan = off;
ALTER FUNCTION "thread_intent_counted"() SET enable_seqscan = off;
