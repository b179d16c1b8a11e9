-- A league fixture's games played hand by hand on the night: each game's players, chosen
-- before its first hand, and each hand as it was scored (a hand of a game record, as JSON), at
-- its game and place, with the key of the request that brought it, so that a hand sent twice
-- (two captains' phones, a resend after the signal returned) is kept once. Kept while the
-- fixture waits for its result; the finished games then become the result. Each change is a
-- 'fixture' line for the live feeds.
CREATE TABLE fixture_games_in_play (
    fixture_id INTEGER NOT NULL REFERENCES fixtures (id) ON DELETE CASCADE,
    game INTEGER NOT NULL CHECK (game >= 1),
    home_players TEXT NOT NULL,
    away_players TEXT NOT NULL,
    PRIMARY KEY (fixture_id, game)
);

CREATE TABLE fixture_hands (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    fixture_id INTEGER NOT NULL,
    game INTEGER NOT NULL CHECK (game >= 1),
    hand INTEGER NOT NULL CHECK (hand >= 1),
    record TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    entered_at TEXT NOT NULL,
    FOREIGN KEY (fixture_id, game) REFERENCES fixture_games_in_play (fixture_id, game)
        ON DELETE CASCADE,
    UNIQUE (fixture_id, game, hand),
    UNIQUE (fixture_id, idempotency_key)
);

CREATE TRIGGER fixture_hands_insert_live AFTER INSERT ON fixture_hands
BEGIN
    INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
    SELECT competitions.organisation_id, NULL, 'fixture', fixtures.id
    FROM fixtures
    JOIN divisions ON divisions.id = fixtures.division_id
    JOIN seasons ON seasons.id = divisions.season_id
    JOIN competitions ON competitions.id = seasons.competition_id
    WHERE fixtures.id = NEW.fixture_id;
END;
CREATE TRIGGER fixture_hands_delete_live AFTER DELETE ON fixture_hands
BEGIN
    INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
    SELECT competitions.organisation_id, NULL, 'fixture', fixtures.id
    FROM fixtures
    JOIN divisions ON divisions.id = fixtures.division_id
    JOIN seasons ON seasons.id = divisions.season_id
    JOIN competitions ON competitions.id = seasons.competition_id
    WHERE fixtures.id = OLD.fixture_id;
END;
CREATE TRIGGER fixture_games_in_play_insert_live AFTER INSERT ON fixture_games_in_play
BEGIN
    INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
    SELECT competitions.organisation_id, NULL, 'fixture', fixtures.id
    FROM fixtures
    JOIN divisions ON divisions.id = fixtures.division_id
    JOIN seasons ON seasons.id = divisions.season_id
    JOIN competitions ON competitions.id = seasons.competition_id
    WHERE fixtures.id = NEW.fixture_id;
END;
CREATE TRIGGER fixture_games_in_play_update_live AFTER UPDATE ON fixture_games_in_play
BEGIN
    INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
    SELECT competitions.organisation_id, NULL, 'fixture', fixtures.id
    FROM fixtures
    JOIN divisions ON divisions.id = fixtures.division_id
    JOIN seasons ON seasons.id = divisions.season_id
    JOIN competitions ON competitions.id = seasons.competition_id
    WHERE fixtures.id = NEW.fixture_id;
END;
CREATE TRIGGER fixture_games_in_play_delete_live AFTER DELETE ON fixture_games_in_play
BEGIN
    INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
    SELECT competitions.organisation_id, NULL, 'fixture', fixtures.id
    FROM fixtures
    JOIN divisions ON divisions.id = fixtures.division_id
    JOIN seasons ON seasons.id = divisions.season_id
    JOIN competitions ON competitions.id = seasons.competition_id
    WHERE fixtures.id = OLD.fixture_id;
END;
