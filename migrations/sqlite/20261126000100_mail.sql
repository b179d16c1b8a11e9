-- Mail: the outbox a background task sends from, what causes result mail, the deadline mails
-- already queued, password resets and organiser invitations. Timestamps are UTC, as RFC 3339
-- text.

-- One message to one address. A page only writes here, in the transaction of the change that
-- causes it; the sender claims due rows (moving `next_attempt_at` on by a lease, so that a
-- sender that dies mid-way leaves the row to be tried again), then marks each sent (its body
-- dropped: a reset or invitation link is kept only until it is sent) or schedules the next
-- attempt, giving up after the last.
CREATE TABLE mail_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    queued_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at TEXT NOT NULL,
    last_error TEXT,
    sent_at TEXT,
    given_up_at TEXT
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at)
    WHERE sent_at IS NULL AND given_up_at IS NULL;

-- A fixture's result came to wait for the other captain, or was disputed: written by the
-- fixture's own update, so no way of changing a result can forget it. The sender turns each
-- into mails (who receives them is decided then) and deletes it in one transaction.
CREATE TABLE mail_causes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('awaiting_confirmation', 'disputed')),
    fixture_id INTEGER NOT NULL REFERENCES fixtures (id) ON DELETE CASCADE,
    happened_at TEXT NOT NULL
);
CREATE TRIGGER fixtures_cause_mail AFTER UPDATE OF status ON fixtures
    FOR EACH ROW
    WHEN NEW.status IN ('awaiting_confirmation', 'disputed') AND NEW.status <> OLD.status
BEGIN
    INSERT INTO mail_causes (kind, fixture_id, happened_at)
    VALUES (NEW.status, NEW.id, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
END;

-- The fixtures whose passing deadline has been mailed, so that each is mailed once.
CREATE TABLE deadline_mails (
    fixture_id INTEGER PRIMARY KEY REFERENCES fixtures (id) ON DELETE CASCADE,
    queued_at TEXT NOT NULL
);

-- A password reset link: the SHA-256 digest of its token, used once before it expires.
CREATE TABLE password_resets (
    token_digest TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
);
CREATE INDEX password_resets_by_user ON password_resets (user_id, created_at);

-- An organiser's invitation of another organiser of the organisation, like a captain's.
CREATE TABLE organiser_invites (
    token_digest TEXT PRIMARY KEY,
    organisation_id INTEGER NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    invited_by INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    accepted_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    accepted_at TEXT
);
