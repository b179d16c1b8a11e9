-- Personal API tokens: a person's key for the JSON API, made and revoked on their account page.
-- Like a session, a token is found by the SHA-256 digest of its secret, which is shown once
-- and never stored. A revoked token is kept (with when it was revoked) so the account page can
-- list it; it no longer opens anything.

CREATE TABLE api_tokens (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    token_digest TEXT NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL,
    last_used_at TIMESTAMPTZ,
    revoked_at TIMESTAMPTZ
);
CREATE INDEX api_tokens_by_user ON api_tokens (user_id);
