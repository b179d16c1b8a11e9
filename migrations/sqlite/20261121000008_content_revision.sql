-- A counter that moves whenever anything a public page shows changes, so that a service
-- process may keep a rendered page and serve it again for as long as the counter stands still:
-- one indexed read instead of the page's dozen. Triggers move it, so no write can forget to;
-- sessions, logins and tokens are not public and do not move it.
CREATE TABLE content_revision (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    revision INTEGER NOT NULL
);
INSERT INTO content_revision (id, revision) VALUES (1, 0);
CREATE TRIGGER organisations_insert_moves_content_revision AFTER INSERT ON organisations
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER organisations_update_moves_content_revision AFTER UPDATE ON organisations
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER organisations_delete_moves_content_revision AFTER DELETE ON organisations
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER teams_insert_moves_content_revision AFTER INSERT ON teams
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER teams_update_moves_content_revision AFTER UPDATE ON teams
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER teams_delete_moves_content_revision AFTER DELETE ON teams
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER captains_insert_moves_content_revision AFTER INSERT ON captains
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER captains_update_moves_content_revision AFTER UPDATE ON captains
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER captains_delete_moves_content_revision AFTER DELETE ON captains
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER competitions_insert_moves_content_revision AFTER INSERT ON competitions
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER competitions_update_moves_content_revision AFTER UPDATE ON competitions
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER competitions_delete_moves_content_revision AFTER DELETE ON competitions
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER seasons_insert_moves_content_revision AFTER INSERT ON seasons
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER seasons_update_moves_content_revision AFTER UPDATE ON seasons
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER seasons_delete_moves_content_revision AFTER DELETE ON seasons
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER season_blackout_dates_insert_moves_content_revision AFTER INSERT ON season_blackout_dates
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER season_blackout_dates_update_moves_content_revision AFTER UPDATE ON season_blackout_dates
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER season_blackout_dates_delete_moves_content_revision AFTER DELETE ON season_blackout_dates
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER divisions_insert_moves_content_revision AFTER INSERT ON divisions
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER divisions_update_moves_content_revision AFTER UPDATE ON divisions
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER divisions_delete_moves_content_revision AFTER DELETE ON divisions
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER division_teams_insert_moves_content_revision AFTER INSERT ON division_teams
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER division_teams_update_moves_content_revision AFTER UPDATE ON division_teams
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER division_teams_delete_moves_content_revision AFTER DELETE ON division_teams
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER players_insert_moves_content_revision AFTER INSERT ON players
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER players_update_moves_content_revision AFTER UPDATE ON players
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER players_delete_moves_content_revision AFTER DELETE ON players
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER squad_members_insert_moves_content_revision AFTER INSERT ON squad_members
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER squad_members_update_moves_content_revision AFTER UPDATE ON squad_members
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER squad_members_delete_moves_content_revision AFTER DELETE ON squad_members
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER fixtures_insert_moves_content_revision AFTER INSERT ON fixtures
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER fixtures_update_moves_content_revision AFTER UPDATE ON fixtures
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER fixtures_delete_moves_content_revision AFTER DELETE ON fixtures
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER fixture_round_teams_insert_moves_content_revision AFTER INSERT ON fixture_round_teams
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER fixture_round_teams_update_moves_content_revision AFTER UPDATE ON fixture_round_teams
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER fixture_round_teams_delete_moves_content_revision AFTER DELETE ON fixture_round_teams
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER results_insert_moves_content_revision AFTER INSERT ON results
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER results_update_moves_content_revision AFTER UPDATE ON results
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER results_delete_moves_content_revision AFTER DELETE ON results
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER result_games_insert_moves_content_revision AFTER INSERT ON result_games
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER result_games_update_moves_content_revision AFTER UPDATE ON result_games
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER result_games_delete_moves_content_revision AFTER DELETE ON result_games
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER result_game_players_insert_moves_content_revision AFTER INSERT ON result_game_players
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER result_game_players_update_moves_content_revision AFTER UPDATE ON result_game_players
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER result_game_players_delete_moves_content_revision AFTER DELETE ON result_game_players
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER result_events_insert_moves_content_revision AFTER INSERT ON result_events
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER result_events_update_moves_content_revision AFTER UPDATE ON result_events
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER result_events_delete_moves_content_revision AFTER DELETE ON result_events
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER point_adjustments_insert_moves_content_revision AFTER INSERT ON point_adjustments
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER point_adjustments_update_moves_content_revision AFTER UPDATE ON point_adjustments
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER point_adjustments_delete_moves_content_revision AFTER DELETE ON point_adjustments
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER result_deadlines_insert_moves_content_revision AFTER INSERT ON result_deadlines
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER result_deadlines_update_moves_content_revision AFTER UPDATE ON result_deadlines
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
CREATE TRIGGER result_deadlines_delete_moves_content_revision AFTER DELETE ON result_deadlines
BEGIN UPDATE content_revision SET revision = revision + 1 WHERE id = 1; END;
