-- A first submission moves its fixture's status, whose trigger already writes the fixture's
-- change line: the result's own line is written only for a later version (a correction, which
-- keeps the status), so a submission writes one line, not two.
DROP TRIGGER results_live;
CREATE TRIGGER results_live AFTER INSERT ON results
WHEN NEW.version > 1
BEGIN
    INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
    SELECT competitions.organisation_id, NULL, 'fixture', fixtures.id
    FROM fixtures
    JOIN divisions ON divisions.id = fixtures.division_id
    JOIN seasons ON seasons.id = divisions.season_id
    JOIN competitions ON competitions.id = seasons.competition_id
    WHERE fixtures.id = NEW.fixture_id;
END;
