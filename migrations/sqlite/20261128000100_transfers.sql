-- A player is in one team's squad of an organisation at a time; moving to another team is a
-- transfer, asked by the new team's captain and decided by the organisers.

-- Whether an organisation takes transfers while a season is being played: at any time, until
-- a last day, or not at all. An organisation without a row takes them at any time.
CREATE TABLE transfer_rules (
    organisation_id INTEGER PRIMARY KEY REFERENCES organisations (id) ON DELETE CASCADE,
    mid_season TEXT NOT NULL CHECK (mid_season IN ('allowed', 'until', 'closed')),
    last_day TEXT,
    CHECK ((mid_season = 'until') = (last_day IS NOT NULL))
);

CREATE TABLE transfer_requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    organisation_id INTEGER NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    from_team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    to_team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    requested_by INTEGER NOT NULL REFERENCES users (id),
    requested_at TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'refused')),
    decided_by INTEGER REFERENCES users (id),
    decided_at TEXT,
    CHECK (from_team_id <> to_team_id),
    CHECK ((status = 'pending') = (decided_at IS NULL))
);
-- One open request for a player to a team; asking again while it waits is refused.
CREATE UNIQUE INDEX transfer_requests_one_pending ON transfer_requests (player_id, to_team_id)
    WHERE status = 'pending';
CREATE INDEX transfer_requests_by_organisation ON transfer_requests (organisation_id, status, id);

