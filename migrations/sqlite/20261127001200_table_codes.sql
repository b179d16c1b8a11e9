-- A table's code (`7-K4PX`, typed at /t) is looked for among the tables of its number that
-- have no confirmed result: this index keeps that a short read however many rounds are kept.
CREATE INDEX championship_tables_unconfirmed_by_number ON championship_tables (number)
    WHERE status <> 'confirmed';
