-- Accounts, sessions, organisations, teams, captains and captain invites.

CREATE TABLE users (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    is_admin BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMPTZ NOT NULL
);

-- A session is found by the SHA-256 digest of the cookie's token, so a copy of the
-- database does not hand out live sessions.
CREATE TABLE sessions (
    token_digest TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);

CREATE TABLE organisations (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE organisers (
    organisation_id BIGINT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (organisation_id, user_id)
);
CREATE INDEX organisers_by_user ON organisers (user_id);

CREATE TABLE teams (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organisation_id BIGINT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    contact TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL,
    UNIQUE (organisation_id, name)
);

CREATE TABLE captains (
    team_id BIGINT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (team_id, user_id)
);
CREATE INDEX captains_by_user ON captains (user_id);

CREATE TABLE captain_invites (
    token_digest TEXT PRIMARY KEY,
    team_id BIGINT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    invited_by BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    accepted_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    accepted_at TIMESTAMPTZ
);

-- Failed logins within the throttling window, by client address and by the account named.
CREATE TABLE login_failures (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    address TEXT NOT NULL,
    account TEXT NOT NULL,
    failed_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX login_failures_by_address ON login_failures (address, failed_at);
CREATE INDEX login_failures_by_account ON login_failures (account, failed_at);
