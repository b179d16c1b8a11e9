-- Championships: an organisation's one-day or weekend events run round by round, beside its
-- leagues. The format is `FormatDocument` as JSON and the ruleset a game record's `ruleset`
-- field, both checked by the service before they are written and read back through the same
-- checks. Dates are ISO 8601 text.
CREATE TABLE championships (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    organisation_id INTEGER NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    name_skeleton TEXT NOT NULL,
    starts_on TEXT NOT NULL,
    ends_on TEXT NOT NULL CHECK (ends_on >= starts_on),
    venue TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    format TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (organisation_id, name),
    UNIQUE (organisation_id, name_skeleton)
);
CREATE INDEX championships_by_start ON championships (organisation_id, starts_on);

-- An entrant: a player, a pair of players or a team, under the name the event shows (which
-- is also its id in the event document, so unique within the championship). A player entered
-- is the organisation's player: one player, one record, one history.
CREATE TABLE championship_entrants (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    championship_id INTEGER NOT NULL REFERENCES championships (id) ON DELETE CASCADE,
    entry_number INTEGER NOT NULL CHECK (entry_number >= 1),
    name TEXT NOT NULL,
    player_id INTEGER REFERENCES players (id),
    partner_id INTEGER REFERENCES players (id),
    team_id INTEGER REFERENCES teams (id),
    rating INTEGER NOT NULL CHECK (rating >= 0 AND rating <= 4000),
    seed INTEGER CHECK (seed >= 1),
    checked_in BOOLEAN NOT NULL DEFAULT FALSE,
    withdrawn_after INTEGER CHECK (withdrawn_after >= 0),
    entered_at TEXT NOT NULL,
    CHECK (partner_id IS NULL OR player_id IS NOT NULL),
    UNIQUE (championship_id, entry_number),
    UNIQUE (championship_id, name),
    UNIQUE (championship_id, seed)
);

-- A published round of a stage ('main', or the knockout after a Swiss); it never changes once
-- written. Byes and, for the round that starts the knockout, its entrants in seed order, are
-- JSON arrays of entrant ids.
CREATE TABLE championship_rounds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    championship_id INTEGER NOT NULL REFERENCES championships (id) ON DELETE CASCADE,
    stage TEXT NOT NULL CHECK (stage IN ('main', 'knockout')),
    number INTEGER NOT NULL CHECK (number >= 1),
    byes TEXT NOT NULL,
    stage_entrants TEXT,
    published_at TEXT NOT NULL,
    published_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    UNIQUE (championship_id, stage, number)
);

-- A table of a round: its entrants in seat order (a JSON array of entrant ids), the digest of
-- its link (the card's link lets whoever holds it enter this table's result, until the
-- organiser confirms it), and its result: the games as entered (JSON) and the outcome they
-- give (points in halves, game points and games won per seat, JSON). The version counts the
-- result's changes, so that a change made from an out-of-date page is refused.
CREATE TABLE championship_tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    round_id INTEGER NOT NULL REFERENCES championship_rounds (id) ON DELETE CASCADE,
    number INTEGER NOT NULL CHECK (number >= 1),
    seats TEXT NOT NULL,
    link_digest TEXT NOT NULL UNIQUE,
    sheet TEXT,
    outcome TEXT,
    status TEXT NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'entered', 'confirmed')),
    version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    UNIQUE (round_id, number),
    CHECK ((status = 'waiting') = (outcome IS NULL)),
    CHECK ((sheet IS NULL) = (outcome IS NULL))
);

-- The audit log of table results: every entry, confirmation and correction, who made it (no
-- one for an entry through the table's link) and what the result was before and after.
CREATE TABLE championship_table_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL REFERENCES championship_tables (id) ON DELETE CASCADE,
    happened_at TEXT NOT NULL,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    action TEXT NOT NULL CHECK (action IN ('entered', 'confirmed', 'corrected')),
    sheet_before TEXT,
    outcome_before TEXT,
    sheet TEXT,
    outcome TEXT,
    reason TEXT
);
CREATE INDEX championship_table_events_by_table ON championship_table_events (table_id, id);

-- Public pages show all of these but the audit log.
CREATE TRIGGER championships_insert_moves_content_revision AFTER INSERT ON championships
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER championships_update_moves_content_revision AFTER UPDATE ON championships
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER championships_delete_moves_content_revision AFTER DELETE ON championships
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER championship_entrants_insert_moves_content_revision AFTER INSERT ON championship_entrants
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER championship_entrants_update_moves_content_revision AFTER UPDATE ON championship_entrants
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER championship_entrants_delete_moves_content_revision AFTER DELETE ON championship_entrants
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER championship_rounds_insert_moves_content_revision AFTER INSERT ON championship_rounds
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER championship_rounds_update_moves_content_revision AFTER UPDATE ON championship_rounds
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER championship_rounds_delete_moves_content_revision AFTER DELETE ON championship_rounds
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER championship_tables_insert_moves_content_revision AFTER INSERT ON championship_tables
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER championship_tables_update_moves_content_revision AFTER UPDATE ON championship_tables
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER championship_tables_delete_moves_content_revision AFTER DELETE ON championship_tables
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
