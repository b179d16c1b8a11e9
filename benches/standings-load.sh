#!/usr/bin/env bash
# Requests per second and latency of a division's public standings page, against the
# service's own /healthz in the same run, on SQLite and on PostgreSQL: the release build serves
# the demo league and wrk loads it from a second process over loopback.
#
#   benches/standings-load.sh            # needs wrk, psql and a PostgreSQL server
#
# DURATION, CONNECTIONS, THREADS and POSTGRES_URL (a server URL without a database name)
# change the defaults below.
set -euo pipefail

duration=${DURATION:-20s}
connections=${CONNECTIONS:-32}
threads=${THREADS:-2}
postgres=${POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}
port=${PORT:-18090}

cd "$(dirname "$0")/.."
cargo build --release --quiet --bin fives
fives="${CARGO_TARGET_DIR:-target}/release/fives"
work=$(mktemp -d)
server=
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

summary=()
for store in sqlite postgres; do
    case $store in
    sqlite) database=() ;;
    postgres)
        psql "$postgres/postgres" -qc "DROP DATABASE IF EXISTS fives_load" -c "CREATE DATABASE fives_load" >/dev/null
        database=(--database "$postgres/fives_load")
        ;;
    esac
    FIVES_LOG=warn "$fives" serve --demo --data-dir "$work/$store" --bind "127.0.0.1:$port" "${database[@]}" >"$work/$store.log" 2>&1 &
    server=$!
    for _ in $(seq 100); do
        curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
        sleep 0.2
    done
    # The demo's first division is the Premier.
    standings="/leagues/north-devon/divisions/1"
    curl -sf "http://127.0.0.1:$port$standings" | grep -q "Premier"
    for path in /healthz "$standings"; do
        curl -sf "http://127.0.0.1:$port$path" >/dev/null # warm up
        report=$(wrk -t"$threads" -c"$connections" -d"$duration" --latency "http://127.0.0.1:$port$path")
        echo "== $store $path"
        echo "$report"
        rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$report")
        p99=$(awk '$1 == "99%" {print $2}' <<<"$report")
        summary+=("$store $path $rps $p99")
    done
    kill "$server"
    wait "$server" 2>/dev/null || true
    server=
done

echo
printf '%-9s %-36s %12s %10s\n' store path requests/s p99
for line in "${summary[@]}"; do
    # shellcheck disable=SC2086
    printf '%-9s %-36s %12s %10s\n' $line
done
