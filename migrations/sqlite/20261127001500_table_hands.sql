-- A table's games played hand by hand: each hand as it was scored (a hand of a game record, as
-- JSON), at its game and place in it, with the key of the request that brought it, so that a
-- hand sent twice (two phones, a resend after the signal returned) is kept once. Kept while the
-- table plays; the finished games then become its result.
CREATE TABLE championship_table_hands (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL REFERENCES championship_tables (id) ON DELETE CASCADE,
    game INTEGER NOT NULL CHECK (game >= 1),
    hand INTEGER NOT NULL CHECK (hand >= 1),
    record TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    entered_at TEXT NOT NULL,
    UNIQUE (table_id, game, hand),
    UNIQUE (table_id, idempotency_key)
);

CREATE TRIGGER championship_table_hands_insert_live AFTER INSERT ON championship_table_hands
BEGIN
    INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
    SELECT championships.organisation_id, championships.id, 'hands', NEW.table_id
    FROM championship_tables
    JOIN championship_rounds ON championship_rounds.id = championship_tables.round_id
    JOIN championships ON championships.id = championship_rounds.championship_id
    WHERE championship_tables.id = NEW.table_id;
END;
CREATE TRIGGER championship_table_hands_delete_live AFTER DELETE ON championship_table_hands
BEGIN
    INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
    SELECT championships.organisation_id, championships.id, 'hands', OLD.table_id
    FROM championship_tables
    JOIN championship_rounds ON championship_rounds.id = championship_tables.round_id
    JOIN championships ON championships.id = championship_rounds.championship_id
    WHERE championship_tables.id = OLD.table_id;
END;
