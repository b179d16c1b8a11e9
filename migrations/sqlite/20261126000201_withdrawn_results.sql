-- A captain may withdraw their side's submission until the other side has confirmed it: the
-- version stays, no longer current, and the audit log says so. SQLite cannot change a column's
-- check, so the audit log is copied into a table with the new one (nothing refers to it).
CREATE TABLE result_events_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    fixture_id INTEGER NOT NULL REFERENCES fixtures (id) ON DELETE CASCADE,
    happened_at TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id),
    action TEXT NOT NULL
        CHECK (action IN ('submitted', 'confirmed', 'disputed', 'corrected', 'withdrawn')),
    before_result_id INTEGER REFERENCES results (id) ON DELETE CASCADE,
    after_result_id INTEGER NOT NULL REFERENCES results (id) ON DELETE CASCADE,
    reason TEXT
);
INSERT INTO result_events_new
    (id, fixture_id, happened_at, user_id, action, before_result_id, after_result_id, reason)
SELECT id, fixture_id, happened_at, user_id, action, before_result_id, after_result_id, reason
FROM result_events;
DROP TABLE result_events;
ALTER TABLE result_events_new RENAME TO result_events;
CREATE INDEX result_events_by_fixture ON result_events (fixture_id, id);
CREATE TRIGGER result_events_insert_moves_content_revision AFTER INSERT ON result_events
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER result_events_update_moves_content_revision AFTER UPDATE ON result_events
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER result_events_delete_moves_content_revision AFTER DELETE ON result_events
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
