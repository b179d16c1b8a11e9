-- A counter that moves whenever anything a public page shows changes, so that a service
-- process may keep a rendered page and serve it again for as long as the counter stands still:
-- one indexed read instead of the page's dozen. Triggers move it, so no write can forget to;
-- sessions, logins and tokens are not public and do not move it.
--
-- The triggers are deferred to the commit and move the counter once per transaction, so the
-- counter's row is held only while a transaction commits and concurrent writers do not queue
-- on it for their whole length.
CREATE TABLE content_revision (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    revision BIGINT NOT NULL
);
INSERT INTO content_revision (id, revision) VALUES (1, 0);

CREATE FUNCTION move_content_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('fives.content_revision_moved', true) IS DISTINCT FROM 'yes' THEN
        PERFORM set_config('fives.content_revision_moved', 'yes', true);
        UPDATE content_revision SET revision = revision + 1 WHERE id = 1;
    END IF;
    RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER organisations_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON organisations DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER teams_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON teams DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER captains_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON captains DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER competitions_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON competitions DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER seasons_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON seasons DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER season_blackout_dates_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON season_blackout_dates DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER divisions_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON divisions DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER division_teams_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON division_teams DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER players_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON players DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER squad_members_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON squad_members DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER fixtures_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON fixtures DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER fixture_round_teams_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON fixture_round_teams DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER results_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON results DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER result_games_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON result_games DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER result_game_players_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON result_game_players DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER result_events_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON result_events DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER point_adjustments_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON point_adjustments DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
CREATE CONSTRAINT TRIGGER result_deadlines_moves_content_revision
    AFTER INSERT OR UPDATE OR DELETE ON result_deadlines DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION move_content_revision();
