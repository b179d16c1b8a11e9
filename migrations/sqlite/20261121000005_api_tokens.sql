-- Personal API tokens: a person's key for the JSON API, made and revoked on their account page.
-- Like a session, a token is found by the SHA-256 digest of its secret, which is shown once
-- and never stored. A revoked token is kept (with when it was revoked) so the account page can
-- list it; it no longer opens anything. Timestamps are RFC 3339 text.

CREATE TABLE api_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    token_digest TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    last_used_at TEXT,
    revoked_at TEXT
);
CREATE INDEX api_tokens_by_user ON api_tokens (user_id);
