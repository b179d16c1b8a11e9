#!/usr/bin/env bash
# Writes a few event documents of every format into corpus/event_document/ (git-ignored):
# the specification's example, events in progress and over, refused ones. Run from this
# directory. `played_event_edits` needs no seeds: it plays its own events.
set -euo pipefail
dir=corpus/event_document
mkdir -p "$dir"
n=0
write() { n=$((n + 1)); cat > "$dir/seed-$n.json"; }

write <<'JSON'
{"format": "swiss", "seats": 2, "partnerships": false,
 "entrants": [{"id": "ann", "rating": 1612}, {"id": "bob", "rating": 1540, "withdrawn_after": 3},
              {"id": "cat"}],
 "rounds": [{"tables": [{"seats": ["ann", "bob"], "points": [1, 0], "game_points": [183, 140]}],
             "byes": ["cat"]}],
 "options": {"bye_points": 1}}
JSON
write <<'JSON'
{"format": "swiss", "seats": 4, "partnerships": true,
 "entrants": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}, {"id": "e"}],
 "rounds": [{"tables": [{"seats": ["a", "b", "c", "d"], "points": [3, 1, 3, 1]}], "byes": ["e"]}],
 "options": {"tiebreaks": ["head-to-head", "median-buchholz", "average-rating-of-opponents"]}}
JSON
write <<'JSON'
{"format": "swiss", "seats": 3,
 "entrants": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}, {"id": "e"}],
 "options": {"remainder": "smaller-tables", "bye_points": 0.5}}
JSON
write <<'JSON'
{"format": "knockout",
 "entrants": [{"id": "a", "rating": 3}, {"id": "b", "rating": 2}, {"id": "c", "rating": 1},
              {"id": "d"}, {"id": "e"}],
 "rounds": [{"tables": [{"seats": ["d", "e"], "points": [1, 0]}], "byes": ["a", "b", "c"]}],
 "options": {"third_place": true}}
JSON
write <<'JSON'
{"format": "double-elimination",
 "entrants": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}],
 "rounds": [{"tables": [{"seats": ["a", "d"], "points": [1, 0]}, {"seats": ["b", "c"]}]}],
 "options": {"seeding": "entry", "grand_final_reset": false}}
JSON
write <<'JSON'
{"format": "round-robin",
 "entrants": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d", "withdrawn_after": 1}, {"id": "e"}],
 "rounds": [{"tables": [{"seats": ["b", "e"], "points": [0.5, 0.5]},
                        {"seats": ["c", "d"], "points": [1, 0], "game_points": [61, 40]}],
             "byes": ["a"]}]}
JSON
write <<'JSON'
{"format": "groups",
 "entrants": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}, {"id": "e"}, {"id": "f"},
              {"id": "g"}, {"id": "h"}, {"id": "i"}],
 "options": {"groups": 2, "advance": 2, "third_place": true}}
JSON
write <<'JSON'
{"format": "knockout", "entrants": [{"id": "ann"}, {"id": "bob"}],
 "rounds": [{"tables": [{"seats": ["ann", "bob"], "points": [2, 3]}]}]}
JSON
write <<'JSON'
{"format": "swiss", "entrants": [{"id": "ann"}, {"id": "bob"}],
 "rounds": [{"tables": [{"seats": ["ann", "dan"], "points": [1, 0]}]}]}
JSON
echo "wrote $n seeds into $dir"
