-- A league's results on the live feed: a fixture's result submitted, confirmed, disputed,
-- corrected or withdrawn, a walkover or a postponement, each writes a 'fixture' line (its
-- subject the fixture) in the writing transaction, as championship tables do. And a round's
-- clock: the organiser starts it (it ends at `clock_ends_at`) or stops it, seen on the room's
-- screen, which a 'round' line tells.
ALTER TABLE live_changes DROP CONSTRAINT live_changes_kind_check;
ALTER TABLE live_changes ADD CONSTRAINT live_changes_kind_check
    CHECK (kind IN ('table', 'round', 'hands', 'fixture'));

CREATE FUNCTION live_fixture_line(fixture BIGINT) RETURNS void LANGUAGE sql AS $$
    INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
    SELECT competitions.organisation_id, NULL, 'fixture', fixtures.id
    FROM fixtures
    JOIN divisions ON divisions.id = fixtures.division_id
    JOIN seasons ON seasons.id = divisions.season_id
    JOIN competitions ON competitions.id = seasons.competition_id
    WHERE fixtures.id = fixture;
$$;

CREATE FUNCTION live_fixture_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status IS DISTINCT FROM OLD.status OR NEW.played_on IS DISTINCT FROM OLD.played_on THEN
        PERFORM live_fixture_line(NEW.id);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER fixtures_live AFTER UPDATE ON fixtures
    FOR EACH ROW EXECUTE FUNCTION live_fixture_change();

-- A correction keeps the fixture's status and adds a result: said too.
CREATE FUNCTION live_result_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM live_fixture_line(NEW.fixture_id);
    RETURN NULL;
END
$$;
CREATE TRIGGER results_live AFTER INSERT ON results
    FOR EACH ROW EXECUTE FUNCTION live_result_change();

ALTER TABLE championship_rounds ADD COLUMN clock_ends_at TIMESTAMPTZ;

CREATE FUNCTION live_round_clock_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.clock_ends_at IS DISTINCT FROM OLD.clock_ends_at THEN
        INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
        SELECT championships.organisation_id, championships.id, 'round', NEW.id
        FROM championships WHERE championships.id = NEW.championship_id;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER championship_rounds_clock_live AFTER UPDATE ON championship_rounds
    FOR EACH ROW EXECUTE FUNCTION live_round_clock_change();
