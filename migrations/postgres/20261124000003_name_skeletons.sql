-- Names that only look alike (a Greek capital alpha for an A) are one name: within an
-- organisation, a team's, a competition's and a player's name keep their confusable skeleton
-- (Unicode TR39, computed by the service when it writes the name), and a unique index
-- refuses a second team or competition of the same skeleton.
--
-- Rows written before this migration get their skeleton from the service when it next
-- migrates (it computes skeletons; SQL cannot), oldest first. A row whose skeleton an older
-- row of its organisation already has keeps NULL, which the index lets stand: nothing that
-- exists is refused or renamed, the service logs the pair, and a new name that looks like
-- either is refused as looking like the older.
ALTER TABLE teams ADD COLUMN name_skeleton TEXT;
CREATE UNIQUE INDEX teams_by_name_skeleton ON teams (organisation_id, name_skeleton);

ALTER TABLE competitions ADD COLUMN name_skeleton TEXT;
CREATE UNIQUE INDEX competitions_by_name_skeleton ON competitions (organisation_id, name_skeleton);

-- Two players may share a name (two John Smiths happen), but not two spellings of one look:
-- each skeleton of an organisation's player names has one spelling, the first written.
ALTER TABLE players ADD COLUMN name_skeleton TEXT;
CREATE TABLE player_name_spellings (
    organisation_id BIGINT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    skeleton TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (organisation_id, skeleton)
);
