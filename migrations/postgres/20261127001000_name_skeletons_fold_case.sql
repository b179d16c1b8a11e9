-- A name's skeleton now folds case ("Red Lion" and "red lion" are one name, as look-alikes
-- already were), so every stored skeleton is cleared here for the service to compute again
-- when it next migrates, oldest first, as it filled them when skeletons began. A row whose
-- new skeleton an older row of its organisation already has keeps none (NULL): nothing that
-- exists is refused or renamed, the service logs the pair, and a new name that looks like
-- either is refused as looking like the older.
UPDATE teams SET name_skeleton = NULL;
UPDATE competitions SET name_skeleton = NULL;
UPDATE players SET name_skeleton = NULL;
DELETE FROM player_name_spellings;

-- A championship's skeleton may not be NULL, so one to be computed holds a placeholder that no
-- name's skeleton can be (a name holds no control character): U+0001 and the row's id.
UPDATE championships SET name_skeleton = chr(1) || CAST(id AS TEXT);
