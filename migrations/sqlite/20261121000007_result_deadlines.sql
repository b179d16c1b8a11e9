-- A competition's deadline for results: so many days after a fixture's date, and the points a
-- late result costs the home team. A competition without a row has no deadline.
CREATE TABLE result_deadlines (
    competition_id INTEGER PRIMARY KEY REFERENCES competitions (id) ON DELETE CASCADE,
    days_after_fixture INTEGER NOT NULL CHECK (days_after_fixture >= 0),
    late_points INTEGER NOT NULL CHECK (late_points >= 0)
);
