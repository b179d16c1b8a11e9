-- What changed, for the live feeds: one line a change a page shows as it happens (a table's
-- result entered, confirmed or corrected; a round published; a hand played at a table),
-- written by triggers in the
-- writing transaction, so no write can forget it, and read by every service process in the
-- order that transactions' ids give. A process reads only below the oldest transaction still
-- running (`pg_snapshot_xmin`), so a change committed late by a transaction that began early
-- is never passed over. An insert holds no lock another writer waits on; nothing here is a
-- `NOTIFY`, which would serialise commits.
CREATE TABLE live_changes (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
    organisation_id BIGINT NOT NULL,
    championship_id BIGINT,
    kind TEXT NOT NULL CHECK (kind IN ('table', 'round', 'hands')),
    subject_id BIGINT NOT NULL
);
CREATE INDEX live_changes_in_order ON live_changes (txid, id);

CREATE FUNCTION live_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status IS DISTINCT FROM OLD.status OR NEW.version IS DISTINCT FROM OLD.version THEN
        INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
        SELECT championships.organisation_id, championships.id, 'table', NEW.id
        FROM championship_rounds
        JOIN championships ON championships.id = championship_rounds.championship_id
        WHERE championship_rounds.id = NEW.round_id;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER championship_tables_live AFTER UPDATE ON championship_tables
    FOR EACH ROW EXECUTE FUNCTION live_table_change();

CREATE FUNCTION live_round_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO live_changes (organisation_id, championship_id, kind, subject_id)
    SELECT championships.organisation_id, championships.id, 'round', NEW.id
    FROM championships WHERE championships.id = NEW.championship_id;
    RETURN NULL;
END
$$;
CREATE TRIGGER championship_rounds_live AFTER INSERT ON championship_rounds
    FOR EACH ROW EXECUTE FUNCTION live_round_change();
