#!/usr/bin/env sh
# Seeds corpus/record_check/ with game records for the fuzzer to mutate: random legal games of
# every preset and player count from `fives record play`, the same games cut down to the other
# levels of detail (pegs and score, score only, a game in progress), and hand-written records
# in the shapes of records.md. Needs jq.
#
# Runs `fives` through cargo from the repository root unless FIVES names a built binary:
#   FIVES=path/to/fives ./seed-corpus.sh
set -eu

# FIVES may be a command on the PATH or a path from where the script was started: make it
# absolute before moving into this directory.
case "${FIVES:-}" in
    */* | "") ;;
    *) FIVES=$(command -v "$FIVES") ;;
esac
case "${FIVES:-}" in
    /* | "") ;;
    *) FIVES="$PWD/$FIVES" ;;
esac
cd "$(dirname "$0")"
corpus=corpus/record_check
mkdir -p "$corpus"
max_seed_bytes=32768

fives() {
    if [ -n "${FIVES:-}" ]; then
        "$FIVES" "$@"
    else
        (cd ../.. && cargo run --quiet --bin fives -- "$@")
    fi
}

# The seed's file name says where it came from, so a crash found from it is easy to trace.
write() {
    cat > "$corpus/$1.json"
}

for game in fives-and-threes:2 fives-and-threes:3 fives-and-threes:4 all-fives:2 all-fives:3 \
    all-fives:4 muggins:2 muggins:3 muggins:4 five-up:2 five-up:3 five-up:4 \
    doubles-in-the-boneyard:3; do
    ruleset=${game%:*}
    players=${game#*:}
    for seed in 1 2; do
        record=$(fives record play --ruleset "$ruleset" --players "$players" --seed "$seed")
        name="$ruleset-$players-$seed"
        for hands in 1 3; do
            printf '%s\n' "$record" | jq -c ".hands |= .[:$hands] | .complete = false" \
                | write "$name-first-hands-$hands"
        done
        # Random Muggins and Five Up games can run to hundreds of hands; a seed that large
        # slows every execution, and the first hands already cover how they are checked.
        if [ "$(printf '%s' "$record" | wc -c)" -gt "$max_seed_bytes" ]; then
            continue
        fi
        printf '%s\n' "$record" | write "$name"
        printf '%s\n' "$record" | jq -c 'del(.hands[].deal, .hands[].moves)' | write "$name-pegs"
        printf '%s\n' "$record" | jq -c '.hands[] |= {leader, score}' | write "$name-score"
        printf '%s\n' "$record" \
            | jq -c '.ruleset = {"preset": .ruleset, "target": 121, "_why": "league rules"}' \
            | write "$name-custom"
    done
done

write spec-example <<'JSON'
{"ruleset": "fives-and-threes", "seats": ["Ann", "Bob", "Cat", "Dan"], "complete": false,
 "hands": [{"leader": 0,
            "deal": [["6-6", "6-4", "5-0", "3-3", "2-0"], ["6-3", "6-1", "6-2", "5-1", "5-2"],
                     ["3-5", "4-0", "4-1", "4-2", "4-4"], ["0-0", "1-0", "1-1", "2-1", "2-2"]],
            "moves": ["6-6", "6-3", "3-5@2", "knock", "6-4@1"],
            "pegs": [[4, 3], [8], [], []]}]}
JSON
write sniff-spinner <<'JSON'
{"ruleset": {"preset": "fives-and-threes", "spinners": "sniff", "drawing": "until-playable",
             "boneyard_reserve": 2, "hand_size": {"2": 9, "4": 6}},
 "seats": ["Ann", "Bob"], "complete": false,
 "hands": [{"moves": ["4-4|", "4-1", "draw 6-6", "knock", "1-1@2"]}]}
JSON
write exact-finish <<'JSON'
{"ruleset": {"preset": "muggins", "finish": "exact-bounce", "target": {"2": 31, "partners": 61},
             "partnerships": true, "partnership_end": "both-out", "leader": "last-domino"},
 "seats": ["Ann", "Bob", "Cat", "Dan"],
 "hands": [{"pegs": [[10, 5], [15], [20, 5], []], "score": [40, 15]},
           {"leader": 2, "score": [0, 25]}]}
JSON
write not-a-record <<'JSON'
{"ruleset": "dominoes", "seats": ["Ann"], "hands": [{}], "colour": 1}
JSON
