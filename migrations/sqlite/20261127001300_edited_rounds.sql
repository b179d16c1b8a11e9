-- Whether the organiser changed a round from the engine's pairing before publishing it (a
-- swap, a move, a pair made by hand): the published event document says so on the round.
ALTER TABLE championship_rounds ADD COLUMN edited BOOLEAN NOT NULL DEFAULT FALSE;
