-- A competition's players' tables rank only the players of at least so many games; the
-- others are listed apart. A competition without a row ranks everyone.
CREATE TABLE player_table_qualifiers (
    competition_id INTEGER PRIMARY KEY REFERENCES competitions (id) ON DELETE CASCADE,
    min_games INTEGER NOT NULL CHECK (min_games >= 0)
);
CREATE TRIGGER player_table_qualifiers_insert_moves_content_revision
    AFTER INSERT ON player_table_qualifiers
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER player_table_qualifiers_update_moves_content_revision
    AFTER UPDATE ON player_table_qualifiers
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER player_table_qualifiers_delete_moves_content_revision
    AFTER DELETE ON player_table_qualifiers
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
