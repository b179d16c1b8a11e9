#!/usr/bin/env python3
"""How fast PostgreSQL writes a result submission in other shapes, beside `pgbench -N`, in one run.

    benches/submission-shapes-vs-pgbench.py    # needs psql, pgbench and a PostgreSQL server

Each shape gets a database of its own, built by the service's migrations and seeded with one
division, two teams, twelve players and 400,000 fixtures. pgbench then submits a result of nine
games (six singles, three pairs: 24 players' places, the sheet as the service keeps it) for the
next fixture in every transaction, with 16 clients, after a warm-up and a fresh ANALYZE (an
empty table's plan would make the first seconds unrepresentative). `pgbench -N` runs before and
after on a database of its own. POSTGRES_URL (a server without a database name) and SECONDS
change the defaults. What each shape gives up is said beside it; the service writes `today`.
"""

import json
import os
import pathlib
import random
import subprocess
import tempfile

SERVER = os.environ.get("POSTGRES_URL", "postgres://postgres@127.0.0.1:5432")
SECONDS = int(os.environ.get("SECONDS_EACH", os.environ.get("SECONDS", "15")))
MIGRATIONS = sorted((pathlib.Path(__file__).parent.parent / "migrations" / "postgres").glob("*.sql"))

SEED = """
INSERT INTO organisations (slug, name, created_at) VALUES ('o', 'O', now());
INSERT INTO users (email, password_hash, created_at) VALUES ('captain@example.org', 'x', now());
INSERT INTO competitions (organisation_id, name, ruleset, match_format, created_at)
    VALUES (1, 'C', '{}', '{}', now());
INSERT INTO seasons (competition_id, name, starts_on, league_night, created_at)
    VALUES (1, 'S', '2026-01-01', 1, now());
INSERT INTO divisions (season_id, name, tiebreaks, created_at) VALUES (1, 'D', '[]', now());
INSERT INTO teams (organisation_id, name, created_at) VALUES (1, 'H', now()), (1, 'A', now());
INSERT INTO players (organisation_id, name, created_at)
    SELECT 1, 'p' || g, now() FROM generate_series(1, 12) g;
INSERT INTO fixtures (division_id, round, played_on, home_team_id, away_team_id)
    SELECT 1, 1, '2026-01-01', 1, 2 FROM generate_series(1, 400000);
CREATE SEQUENCE next_fixture;
ALTER TABLE results ADD g_number INT[], ADD g_kind TEXT[], ADD g_winner TEXT[],
    ADD g_conceded BOOLEAN[], ADD g_home_points INT[], ADD g_away_points INT[],
    ADD g_hands INT[], ADD p_game INT[], ADD p_player BIGINT[], ADD p_side TEXT[];
"""


def array(values):
    return "'{" + ",".join(str(v) for v in values) + "}'"


def shapes():
    rng = random.Random(1)
    games = [
        {
            "number": g + 1,
            "home": [1 + g % 6],
            "away": [7 + g % 6],
            "hands": [[rng.choice([0, 5, 10, 15, 20]), rng.choice([0, 5, 10])] for _ in range(12)],
        }
        for g in range(9)
    ]
    sheet = json.dumps({"home": list(range(1, 7)), "away": list(range(7, 13)), "games": games})
    place_game, place_player, place_side = [], [], []
    for g in range(1, 10):
        for k in range(1 if g <= 6 else 2):
            place_game += [g, g]
            place_player += [1 + (g + k) % 6, 7 + (g + k) % 6]
            place_side += ["home", "away"]
    games_columns = [
        array(range(1, 10)) + "::INT[]",
        array(["singles"] * 6 + ["pairs"] * 3) + "::TEXT[]",
        array(rng.choice(["home", "away"]) for _ in range(9)) + "::TEXT[]",
        array(["f"] * 9) + "::BOOLEAN[]",
        array([61] * 9) + "::INT[]",
        array([40] * 9) + "::INT[]",
        array([12] * 9) + "::INT[]",
    ]
    places_columns = [
        array(place_game) + "::INT[]",
        array(place_player) + "::BIGINT[]",
        array(place_side) + "::TEXT[]",
    ]
    fixture = """WITH fixture AS (
        UPDATE fixtures SET status = 'awaiting_confirmation'
        WHERE id = (SELECT nextval('next_fixture')) AND status IN ('scheduled', 'postponed')
            AND home_team_id = 1 AND away_team_id = 2 AND played_on = '2026-01-01'
        RETURNING id)"""
    version = "COALESCE((SELECT MAX(version) FROM results r WHERE r.fixture_id = fixture.id), 0) + 1"
    sheet_literal = "'" + sheet.replace("'", "''") + "'"
    event = """, event AS (
        INSERT INTO result_events (fixture_id, happened_at, user_id, action, after_result_id)
        SELECT result.fixture_id, now(), 1, 'submitted', result.id FROM result)"""
    answer = " SELECT result.id, result.submitted_at, users.email, result.version FROM result JOIN users ON users.id = 1"
    today = f"""{fixture}, result AS (
        INSERT INTO results (fixture_id, version, is_current, sheet, home_games, away_games,
            submission_key, submitted_by, submitted_for_team, submitted_at)
        SELECT fixture.id, {version}, TRUE, {sheet_literal}, 5, 4, 'k', 1, 1, now() FROM fixture
        RETURNING id, fixture_id, submitted_at, version
    ), games AS (
        INSERT INTO result_games (result_id, game_number, leg_kind, winner, conceded, home_points,
            away_points, hands)
        SELECT result.id, g.* FROM result, UNNEST({", ".join(games_columns)}) AS g
    ), places AS (
        INSERT INTO result_game_players (result_id, game_number, player_id, side)
        SELECT result.id, p.* FROM result, UNNEST({", ".join(places_columns)}) AS p
    ){event}{answer}"""
    arrays = f"""{fixture}, result AS (
        INSERT INTO results (fixture_id, version, is_current, sheet, home_games, away_games,
            submission_key, submitted_by, submitted_for_team, submitted_at,
            g_number, g_kind, g_winner, g_conceded, g_home_points, g_away_points, g_hands,
            p_game, p_player, p_side)
        SELECT fixture.id, {version}, TRUE, {sheet_literal}, 5, 4, 'k', 1, 1, now(),
            {", ".join(games_columns + places_columns)} FROM fixture
        RETURNING id, fixture_id, submitted_at, version
    ){event}{answer}"""
    without_keys = """ALTER TABLE results DROP CONSTRAINT results_submitted_by_fkey,
        DROP CONSTRAINT results_submitted_for_team_fkey;
        ALTER TABLE result_events DROP CONSTRAINT result_events_user_id_fkey;"""
    by_player = "CREATE INDEX results_by_player ON results USING GIN (p_player);"
    only_fixture = "UPDATE fixtures SET status = 'awaiting_confirmation' WHERE id = (SELECT nextval('next_fixture'))"
    return [
        ("today: result, 9 game rows, 24 places, event (the service)", "", today),
        ("games and places as arrays in the result's row", "", arrays),
        ("arrays, and a GIN index of the row's players (a player's games found)", by_player, arrays),
        ("arrays, without the user and team keys of result and event", without_keys, arrays),
        ("the fixture's update alone (its mail cause and revision)", "", only_fixture),
    ]


def psql(database, *commands):
    args = ["psql", "-q", "-v", "ON_ERROR_STOP=1", f"{SERVER}/{database}"]
    for command in commands:
        args += ["-c", command]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)


def pgbench(database, *args, seconds=SECONDS):
    out = subprocess.run(
        ["pgbench", "-n", "-c", "16", "-j", "2", "-T", str(seconds), *args, f"{SERVER}/{database}"],
        check=True, capture_output=True, text=True,
    ).stdout
    return next(int(float(line.split()[2])) for line in out.splitlines() if line.startswith("tps"))


def fresh(database):
    psql("postgres", f"DROP DATABASE IF EXISTS {database}", f"CREATE DATABASE {database}")


def main():
    fresh("fives_shape_pgbench")
    subprocess.run(["pgbench", "-q", "-i", "-s", "10", f"{SERVER}/fives_shape_pgbench"],
                   check=True, capture_output=True)
    print(f"load average {open('/proc/loadavg').read().split()[:3]}")
    print(f"pgbench -N, 16 clients: {pgbench('fives_shape_pgbench', '-N')} a second")
    with tempfile.TemporaryDirectory() as scratch:
        for number, (name, change, statement) in enumerate(shapes()):
            database = f"fives_shape_{number}"
            fresh(database)
            for migration in MIGRATIONS:
                subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", "-f", str(migration),
                                f"{SERVER}/{database}"], check=True, stdout=subprocess.DEVNULL)
            psql(database, SEED, change or "SELECT 1", "VACUUM ANALYZE")
            script = pathlib.Path(scratch) / f"{database}.sql"
            script.write_text(" ".join(statement.split()) + ";\n")
            pgbench(database, "-f", str(script), seconds=3)
            psql(database, "ANALYZE")
            rate = pgbench(database, "-f", str(script))
            left = subprocess.run(
                ["psql", "-tA", "-c", "SELECT COUNT(*) FROM fixtures WHERE status = 'scheduled'",
                 f"{SERVER}/{database}"], check=True, capture_output=True, text=True).stdout
            # Every transaction must have found a fixture to take, or the rate counts no-ops.
            assert int(left) > 0, f"{database} ran out of fixtures"
            print(f"{name}: {rate} a second")
            psql("postgres", f"DROP DATABASE {database}")
    print(f"pgbench -N, 16 clients: {pgbench('fives_shape_pgbench', '-N')} a second")
    psql("postgres", "DROP DATABASE fives_shape_pgbench")
    print(f"load average {open('/proc/loadavg').read().split()[:3]}")


if __name__ == "__main__":
    main()
