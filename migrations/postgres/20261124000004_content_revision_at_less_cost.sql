-- A result's games, their players and its audit events are written only together with a row of
-- `results` or an update of the fixture's status, in the same transaction, and removed only
-- with them; those tables' triggers already move the content revision for the whole
-- transaction. Their own triggers were redundant and cost PostgreSQL a trigger call per row,
-- about thirty a submission. (SQLite's triggers cost little and stay.)
DROP TRIGGER result_games_moves_content_revision ON result_games;
DROP TRIGGER result_game_players_moves_content_revision ON result_game_players;
DROP TRIGGER result_events_moves_content_revision ON result_events;

-- The counter in stripes. One row made every transaction that changed a public table wait at
-- its commit for the one before it to commit, its flush to disk included, so that concurrent
-- commits could not share a flush. Each database connection now moves a stripe of its own (its
-- backend's process id picks one of 64) and the revision is the sum of the stripes: it still
-- moves at every such commit, becomes visible with it, and never goes back.
ALTER TABLE content_revision DROP CONSTRAINT content_revision_id_check;
ALTER TABLE content_revision ADD CONSTRAINT content_revision_stripe CHECK (id BETWEEN 1 AND 64);
INSERT INTO content_revision (id, revision) SELECT stripe, 0 FROM generate_series(2, 64) AS stripe;

CREATE OR REPLACE FUNCTION move_content_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('fives.content_revision_moved', true) IS DISTINCT FROM 'yes' THEN
        PERFORM set_config('fives.content_revision_moved', 'yes', true);
        UPDATE content_revision SET revision = revision + 1 WHERE id = pg_backend_pid() % 64 + 1;
    END IF;
    RETURN NULL;
END
$$;

-- A player's place in a game no longer has the database check that the player exists: that was
-- a check at every row, two dozen a submission, and most of what a submission cost PostgreSQL.
-- The result's check has already found each player in the squad of the side they played for,
-- and players are never deleted (their games are their history), so the check could not fail.
ALTER TABLE result_game_players DROP CONSTRAINT result_game_players_player_id_fkey;
