-- Results: every version of a fixture's result, its games and their players (for the players'
-- tables), the audit trail of who did what to a result, and points adjustments.

-- One row per version of a fixture's result. The first is what a captain submitted; an
-- organiser's correction adds a version and marks it current, so nothing is ever overwritten.
-- `sheet` is the result as submitted (players and every game's hands, JSON); the score columns
-- are what the tables count: games for a played fixture, or the side that conceded a walkover.
-- The submission key makes a retried submission (a double tap) land once.
CREATE TABLE results (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    fixture_id INTEGER NOT NULL REFERENCES fixtures (id) ON DELETE CASCADE,
    version INTEGER NOT NULL CHECK (version >= 1),
    is_current BOOLEAN NOT NULL,
    sheet TEXT NOT NULL,
    home_games INTEGER CHECK (home_games >= 0),
    away_games INTEGER CHECK (away_games >= 0),
    walkover_conceded_by TEXT CHECK (walkover_conceded_by IN ('home', 'away')),
    submission_key TEXT NOT NULL,
    submitted_by INTEGER NOT NULL REFERENCES users (id),
    submitted_for_team INTEGER REFERENCES teams (id) ON DELETE SET NULL,
    submitted_at TEXT NOT NULL,
    CHECK ((home_games IS NULL) = (away_games IS NULL)),
    CHECK ((home_games IS NULL) <> (walkover_conceded_by IS NULL)),
    UNIQUE (fixture_id, version),
    UNIQUE (fixture_id, submission_key)
);
CREATE UNIQUE INDEX results_current ON results (fixture_id) WHERE is_current;

-- The games of a version, numbered over the whole fixture.
CREATE TABLE result_games (
    result_id INTEGER NOT NULL REFERENCES results (id) ON DELETE CASCADE,
    game_number INTEGER NOT NULL CHECK (game_number >= 1),
    leg_kind TEXT NOT NULL CHECK (leg_kind IN ('singles', 'pairs')),
    winner TEXT NOT NULL CHECK (winner IN ('home', 'away')),
    conceded BOOLEAN NOT NULL,
    home_points INTEGER NOT NULL,
    away_points INTEGER NOT NULL,
    hands INTEGER NOT NULL CHECK (hands >= 0),
    PRIMARY KEY (result_id, game_number)
);

-- Who played each game; the key keeps a player to one side of a game.
CREATE TABLE result_game_players (
    result_id INTEGER NOT NULL,
    game_number INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    side TEXT NOT NULL CHECK (side IN ('home', 'away')),
    PRIMARY KEY (result_id, game_number, player_id),
    FOREIGN KEY (result_id, game_number)
        REFERENCES result_games (result_id, game_number) ON DELETE CASCADE
);
CREATE INDEX result_game_players_by_player ON result_game_players (player_id);

-- The audit log: every submission, confirmation, dispute and correction, with who and when.
-- A correction names the version it replaced (before) and the new one (after); a confirmation
-- or dispute names the version it was about.
CREATE TABLE result_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    fixture_id INTEGER NOT NULL REFERENCES fixtures (id) ON DELETE CASCADE,
    happened_at TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id),
    action TEXT NOT NULL CHECK (action IN ('submitted', 'confirmed', 'disputed', 'corrected')),
    before_result_id INTEGER REFERENCES results (id) ON DELETE CASCADE,
    after_result_id INTEGER NOT NULL REFERENCES results (id) ON DELETE CASCADE,
    reason TEXT
);
CREATE INDEX result_events_by_fixture ON result_events (fixture_id, id);

-- Points a secretary adds or deducts in a division, with the reason shown by the table; a
-- deduction for a late result names its fixture.
CREATE TABLE point_adjustments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    division_id INTEGER NOT NULL REFERENCES divisions (id) ON DELETE CASCADE,
    team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    points INTEGER NOT NULL CHECK (points <> 0),
    reason TEXT NOT NULL CHECK (reason <> ''),
    fixture_id INTEGER REFERENCES fixtures (id) ON DELETE SET NULL,
    created_by INTEGER REFERENCES users (id),
    created_at TEXT NOT NULL
);
CREATE INDEX point_adjustments_by_division ON point_adjustments (division_id);
