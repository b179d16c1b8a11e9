-- A division's fixtures, made once from its teams and its season's calendar.
-- Deleting a division (or a team) deletes its fixtures. Dates are DATEs.

-- The venue is the home team's pub when the fixtures were made, copied so that a pub changing
-- its name or a team moving pub later does not rewrite where past fixtures were played; both
-- parts NULL when the home team had no pub then. Rounds are numbered from 1; a fixture keeps
-- its round when it is moved to another date.
CREATE TABLE fixtures (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    division_id BIGINT NOT NULL REFERENCES divisions (id) ON DELETE CASCADE,
    round INTEGER NOT NULL CHECK (round >= 1),
    played_on DATE NOT NULL,
    home_team_id BIGINT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    away_team_id BIGINT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    venue_name TEXT,
    venue_address TEXT,
    status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN (
        'scheduled', 'postponed', 'awaiting_confirmation', 'disputed', 'confirmed', 'walkover'
    )),
    CHECK (home_team_id <> away_team_id),
    CHECK ((venue_name IS NULL) = (venue_address IS NULL)),
    UNIQUE (id, division_id, round)
);
CREATE INDEX fixtures_by_division ON fixtures (division_id, played_on);
CREATE INDEX fixtures_by_home_team ON fixtures (home_team_id);
CREATE INDEX fixtures_by_away_team ON fixtures (away_team_id);

-- What each team does in each round: its fixture there, or NULL for a bye. The primary key
-- is the rule that a team plays at most once per round of its division; the bye rows are what
-- the fixtures-by-week page shows as "sits out". The store writes a row for both teams of
-- every fixture and for every bye when it makes the fixtures.
CREATE TABLE fixture_round_teams (
    division_id BIGINT NOT NULL REFERENCES divisions (id) ON DELETE CASCADE,
    round INTEGER NOT NULL CHECK (round >= 1),
    team_id BIGINT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    fixture_id BIGINT,
    PRIMARY KEY (division_id, round, team_id),
    FOREIGN KEY (fixture_id, division_id, round)
        REFERENCES fixtures (id, division_id, round) ON DELETE CASCADE
);
