-- A league's results on the live feed: a fixture's result submitted, confirmed, disputed,
-- corrected or withdrawn, a walkover or a postponement, each writes a 'fixture' line (its
-- subject the fixture) in the writing transaction, as championship tables do. And a round's
-- clock: the organiser starts it (it ends at `clock_ends_at`) or stops it, seen on the room's
-- screen, which a 'round' line tells. The lines are passing news, so the table is made again
-- with the new kind (SQLite cannot change a check).
DROP TABLE live_changes;
CREATE TABLE live_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    organisation_id INTEGER NOT NULL,
    championship_id INTEGER,
    kind TEXT NOT NULL CHECK (kind IN ('table', 'round', 'hands', 'fixture')),
    subject_id INTEGER NOT NULL
);

CREATE TRIGGER fixtures_live AFTER UPDATE ON fixtures
WHEN NEW.status IS NOT OLD.status OR NEW.played_on IS NOT OLD.played_on
BEGIN
    INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
    SELECT competitions.organisation_id, NULL, 'fixture', NEW.id
    FROM divisions
    JOIN seasons ON seasons.id = divisions.season_id
    JOIN competitions ON competitions.id = seasons.competition_id
    WHERE divisions.id = NEW.division_id;
END;

-- A correction keeps the fixture's status and adds a result: said too.
CREATE TRIGGER results_live AFTER INSERT ON results
BEGIN
    INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
    SELECT competitions.organisation_id, NULL, 'fixture', fixtures.id
    FROM fixtures
    JOIN divisions ON divisions.id = fixtures.division_id
    JOIN seasons ON seasons.id = divisions.season_id
    JOIN competitions ON competitions.id = seasons.competition_id
    WHERE fixtures.id = NEW.fixture_id;
END;

ALTER TABLE championship_rounds ADD COLUMN clock_ends_at TEXT;

CREATE TRIGGER championship_rounds_clock_live AFTER UPDATE ON championship_rounds
WHEN NEW.clock_ends_at IS NOT OLD.clock_ends_at
BEGIN
    INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
    SELECT championships.organisation_id, championships.id, 'round', NEW.id
    FROM championships WHERE championships.id = NEW.championship_id;
END;
