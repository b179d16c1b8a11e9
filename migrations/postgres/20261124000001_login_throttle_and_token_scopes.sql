-- Password guessing is slowed by counts rather than a fixed lock (domain::login_throttle): one
-- row a count, for an account from one address or for an address across accounts, taken (and
-- so locked) before a password is checked.
DROP TABLE login_failures;
CREATE TABLE login_throttle (
    counted TEXT PRIMARY KEY,
    failures INTEGER NOT NULL CHECK (failures >= 0),
    next_attempt_at TIMESTAMPTZ NOT NULL,
    last_attempt_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX login_throttle_by_last_attempt ON login_throttle (last_attempt_at);

-- An API token may expire, and may be for reading only.
ALTER TABLE api_tokens ADD COLUMN expires_at TIMESTAMPTZ;
ALTER TABLE api_tokens ADD COLUMN read_only BOOLEAN NOT NULL DEFAULT FALSE;
