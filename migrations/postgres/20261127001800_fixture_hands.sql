-- A league fixture's games played hand by hand on the night: each game's players, chosen
-- before its first hand, and each hand as it was scored (a hand of a game record, as JSON), at
-- its game and place, with the key of the request that brought it, so that a hand sent twice
-- (two captains' phones, a resend after the signal returned) is kept once. Kept while the
-- fixture waits for its result; the finished games then become the result. Each change is a
-- 'fixture' line for the live feeds.
CREATE TABLE fixture_games_in_play (
    fixture_id BIGINT NOT NULL REFERENCES fixtures (id) ON DELETE CASCADE,
    game INTEGER NOT NULL CHECK (game >= 1),
    home_players TEXT NOT NULL,
    away_players TEXT NOT NULL,
    PRIMARY KEY (fixture_id, game)
);

CREATE TABLE fixture_hands (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    fixture_id BIGINT NOT NULL,
    game INTEGER NOT NULL CHECK (game >= 1),
    hand INTEGER NOT NULL CHECK (hand >= 1),
    record TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    entered_at TIMESTAMPTZ NOT NULL,
    FOREIGN KEY (fixture_id, game) REFERENCES fixture_games_in_play (fixture_id, game)
        ON DELETE CASCADE,
    UNIQUE (fixture_id, game, hand),
    UNIQUE (fixture_id, idempotency_key)
);

CREATE FUNCTION live_fixture_play_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM live_fixture_line(COALESCE(NEW.fixture_id, OLD.fixture_id));
    RETURN NULL;
END
$$;
CREATE TRIGGER fixture_hands_live AFTER INSERT OR DELETE ON fixture_hands
    FOR EACH ROW EXECUTE FUNCTION live_fixture_play_change();
CREATE TRIGGER fixture_games_in_play_live AFTER INSERT OR UPDATE OR DELETE ON fixture_games_in_play
    FOR EACH ROW EXECUTE FUNCTION live_fixture_play_change();

-- Each fixture's line in PL/pgSQL rather than SQL: a SQL function called from a trigger is
-- planned again at every call, which cost sixteen captains submitting at once a third of
-- their throughput; PL/pgSQL keeps the statement's plan for the session.
CREATE OR REPLACE FUNCTION live_fixture_line(fixture BIGINT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
    SELECT competitions.organisation_id, NULL, 'fixture', fixtures.id
    FROM fixtures
    JOIN divisions ON divisions.id = fixtures.division_id
    JOIN seasons ON seasons.id = divisions.season_id
    JOIN competitions ON competitions.id = seasons.competition_id
    WHERE fixtures.id = fixture;
END
$$;
