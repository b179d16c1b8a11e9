-- A result's sheet (a few kilobytes of JSON: every game's hands) is compressed as it is kept.
-- PostgreSQL's lz4 does that at a fraction of the default pglz's cost: a durable insert of a
-- demo sheet alone went from about 5,300 to 7,300 a second with 16 clients (BENCHMARKS.md),
-- and compressing it was the largest part of a submission's work in the database. Sheets kept
-- before stay as they are until rewritten. A server built without lz4 keeps pglz.
DO $$
BEGIN
    ALTER TABLE results ALTER COLUMN sheet SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
    NULL;
END
$$;
