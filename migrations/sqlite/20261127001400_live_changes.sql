-- What changed, for the live feeds: one line a change a page shows as it happens (a table's
-- result entered, confirmed or corrected; a round published; a hand played at a table),
-- written by triggers in the
-- writing transaction, so no write can forget it. SQLite's writers take turns, so the lines'
-- ids are in the order their transactions committed.
CREATE TABLE live_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    organisation_id INTEGER NOT NULL,
    championship_id INTEGER,
    kind TEXT NOT NULL CHECK (kind IN ('table', 'round', 'hands')),
    subject_id INTEGER NOT NULL
);

CREATE TRIGGER championship_tables_live AFTER UPDATE ON championship_tables
WHEN NEW.status IS NOT OLD.status OR NEW.version IS NOT OLD.version
BEGIN
    INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
    SELECT championships.organisation_id, championships.id, 'table', NEW.id
    FROM championship_rounds
    JOIN championships ON championships.id = championship_rounds.championship_id
    WHERE championship_rounds.id = NEW.round_id;
END;

CREATE TRIGGER championship_rounds_live AFTER INSERT ON championship_rounds
BEGIN
    INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
    SELECT championships.organisation_id, championships.id, 'round', NEW.id
    FROM championships WHERE championships.id = NEW.championship_id;
END;
