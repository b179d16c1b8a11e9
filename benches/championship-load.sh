#!/usr/bin/env bash
# Requests per second of the public pages of a 1,000-entrant Swiss after five rounds (its
# standings with every tiebreak, six rounds of 500 tables), against the service's own /healthz
# in the same run, on SQLite and on PostgreSQL: `cargo bench --bench championship_round` builds
# the event through the use cases and then serves it, and wrk loads it from this process.
#
#   benches/championship-load.sh         # needs wrk, and a PostgreSQL server for its half
#
# DURATION, CONNECTIONS, THREADS, PORT and SERVE_SECONDS (how long each store serves) change
# the defaults below.
set -euo pipefail

duration=${DURATION:-20s}
connections=${CONNECTIONS:-32}
threads=${THREADS:-2}
port=${PORT:-18095}
seconds=${SERVE_SECONDS:-120}

cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'kill "$bench" 2>/dev/null || true; rm -f "$log"' EXIT
FIVES_BENCH_SERVE_SECONDS=$seconds FIVES_BENCH_PORT=$port \
    cargo bench --bench championship_round >"$log" 2>&1 &
bench=$!

summary=()
for store in sqlite postgres; do
    page=
    for _ in $(seq 3000); do
        page=$(grep -o "serving $store: [^ ]*" "$log" | awk '{print $3}') || true
        [ -n "$page" ] && break
        kill -0 "$bench" 2>/dev/null || { cat "$log"; exit 1; }
        sleep 1
    done
    [ -n "$page" ] || { echo "no $store server"; break; }
    base=${page%%/leagues/*}
    for path in /healthz "${page#"$base"}" "${page#"$base"}/standings?page=2"; do
        curl -sf "$base$path" >/dev/null # warm up
        report=$(wrk -t"$threads" -c"$connections" -d"$duration" --latency "$base$path")
        echo "== $store $path"
        echo "$report"
        rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$report")
        p99=$(awk '$1 == "99%" {print $2}' <<<"$report")
        summary+=("$store $path $rps $p99")
    done
done
grep -E '^championship_round|time:' "$log" || true
echo "== summary: store, path, requests a second, 99th percentile"
printf '%s\n' "${summary[@]}"
