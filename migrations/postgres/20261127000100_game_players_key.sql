-- A player's place in a game is checked by the database again: players with no games can now
-- be removed, and a player removed while a result naming them was being kept left that result
-- naming nobody. Without ON DELETE: a player a kept game names cannot be deleted, and a result
-- naming a player removed meanwhile is refused whole. The check takes each player's row as the
-- submission writes, which orders a submission and a removal of one of its players.
ALTER TABLE result_game_players ADD CONSTRAINT result_game_players_player_id_fkey
    FOREIGN KEY (player_id) REFERENCES players (id) NOT VALID;

-- Rows kept while there was no check are checked too, unless one already names a player who is
-- gone: the check then holds for every new row, and the old row stays as it was.
DO $$
BEGIN
    IF NOT EXISTS (
        SELECT 1 FROM result_game_players
        WHERE NOT EXISTS (SELECT 1 FROM players WHERE players.id = result_game_players.player_id)
    ) THEN
        ALTER TABLE result_game_players VALIDATE CONSTRAINT result_game_players_player_id_fkey;
    END IF;
END
$$;
