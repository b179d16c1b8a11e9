-- A captain's submission amended, or withdrawn, mails the other side: two more kinds of cause,
-- written by the amending or withdrawing transaction itself (neither changes the fixture's
-- status the way the trigger sees it). SQLite cannot change a column's check, so the queue
-- (nothing refers to it) is made again with the new one, and its trigger with it.
DROP TRIGGER fixtures_cause_mail;
CREATE TABLE mail_causes_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL
        CHECK (kind IN ('awaiting_confirmation', 'disputed', 'amended', 'withdrawn')),
    fixture_id INTEGER NOT NULL REFERENCES fixtures (id) ON DELETE CASCADE,
    happened_at TEXT NOT NULL
);
INSERT INTO mail_causes_new (id, kind, fixture_id, happened_at)
SELECT id, kind, fixture_id, happened_at FROM mail_causes;
DROP TABLE mail_causes;
ALTER TABLE mail_causes_new RENAME TO mail_causes;
CREATE TRIGGER fixtures_cause_mail AFTER UPDATE OF status ON fixtures
    FOR EACH ROW
    WHEN NEW.status IN ('awaiting_confirmation', 'disputed') AND NEW.status <> OLD.status
BEGIN
    INSERT INTO mail_causes (kind, fixture_id, happened_at)
    VALUES (NEW.status, NEW.id, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
END;

-- An amendment is in the audit log as itself: the version it replaced and the new one.
CREATE TABLE result_events_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    fixture_id INTEGER NOT NULL REFERENCES fixtures (id) ON DELETE CASCADE,
    happened_at TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id),
    action TEXT NOT NULL CHECK (action IN
        ('submitted', 'confirmed', 'disputed', 'corrected', 'withdrawn', 'amended')),
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
