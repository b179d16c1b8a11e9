-- A competition's players' tables rank only the players of at least so many games; the
-- others are listed apart. A competition without a row ranks everyone.
CREATE TABLE player_table_qualifiers (
    competition_id BIGINT PRIMARY KEY REFERENCES competitions (id) ON DELETE CASCADE,
    min_games INTEGER NOT NULL CHECK (min_games >= 0)
);
CREATE CONSTRAINT TRIGGER player_table_qualifiers_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON player_table_qualifiers DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
