-- The least a captain must give for each game of a result: the final score ('final'), every
-- hand's score ('hands') or every hand's pegs ('pegs'). Competitions made before it was a
-- choice asked for every hand's score, and keep doing so.
ALTER TABLE competitions ADD COLUMN entry_level TEXT NOT NULL DEFAULT 'hands'
    CHECK (entry_level IN ('final', 'hands', 'pegs'));
