-- Start times, local time in the league's zone (HH:MM:SS text): the usual start of a
-- season's league nights, and a fixture's own when it was re-dated to another time. NULL
-- when not known; a fixture without its own starts at its season's time.
ALTER TABLE seasons ADD COLUMN start_time TEXT;
ALTER TABLE fixtures ADD COLUMN start_time TEXT;
