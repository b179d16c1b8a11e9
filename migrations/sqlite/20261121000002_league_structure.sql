-- Competitions, seasons, divisions and the teams in them; players and squads; a team's pub.
-- Deleting an organisation, competition, season or division deletes what belongs to it;
-- deleting a team or player takes it out of divisions and squads. Dates are ISO 8601 text,
-- weekdays ISO numbers (1 is Monday).

-- The ruleset is a game record's `ruleset` field: a preset name and its overrides as JSON.
-- The match format is `MatchFormat` as JSON.
CREATE TABLE competitions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    organisation_id INTEGER NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    match_format TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (organisation_id, name)
);

CREATE TABLE seasons (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    competition_id INTEGER NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    starts_on TEXT NOT NULL,
    league_night INTEGER NOT NULL CHECK (league_night BETWEEN 1 AND 7),
    created_at TEXT NOT NULL,
    UNIQUE (competition_id, name)
);

CREATE TABLE season_blackout_dates (
    season_id INTEGER NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    blackout_on TEXT NOT NULL,
    PRIMARY KEY (season_id, blackout_on)
);

-- The tiebreak order is `TiebreakOrder` as JSON.
CREATE TABLE divisions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    season_id INTEGER NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    tiebreaks TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (season_id, name),
    UNIQUE (id, season_id)
);

-- The season is repeated here so that a team can be in only one division of a season.
CREATE TABLE division_teams (
    division_id INTEGER NOT NULL,
    season_id INTEGER NOT NULL,
    team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    PRIMARY KEY (division_id, team_id),
    UNIQUE (season_id, team_id),
    FOREIGN KEY (division_id, season_id) REFERENCES divisions (id, season_id) ON DELETE CASCADE
);
CREATE INDEX division_teams_by_team ON division_teams (team_id);

-- Players belong to an organisation; names need not be unique (two John Smiths happen).
CREATE TABLE players (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    organisation_id INTEGER NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX players_by_organisation ON players (organisation_id);

CREATE TABLE squad_members (
    team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    PRIMARY KEY (team_id, player_id)
);
CREATE INDEX squad_members_by_player ON squad_members (player_id);

-- A team's pub, all or nothing: set together, or all NULL while the team has none.
ALTER TABLE teams ADD COLUMN venue_name TEXT;
ALTER TABLE teams ADD COLUMN venue_address TEXT;
ALTER TABLE teams ADD COLUMN venue_night INTEGER CHECK (venue_night BETWEEN 1 AND 7);
