#!/usr/bin/env bash
# Result submissions side by side with the PostgreSQL server's own ceiling, in one run:
# `pgbench -N` (its simple-update transaction, which skips the teller and branch updates) with
# 1 and 16 clients, then `cargo bench --bench submit_results`, then pgbench again, so that a
# change in the machine's load shows as a change between the two pgbench runs.
#
#   benches/submit-results-vs-pgbench.sh     # needs pgbench, psql and a PostgreSQL server
#
# POSTGRES_URL (a server URL without a database name), PGBENCH_SECONDS and BENCH_ARGS change
# the defaults below. The server runs with its durable defaults (fsync and synchronous_commit
# on), as the service's submissions do.
set -euo pipefail

postgres=${POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}
seconds=${PGBENCH_SECONDS:-20}
bench_args=${BENCH_ARGS:---warm-up-time 2 --measurement-time 5}

cd "$(dirname "$0")/.."
psql "$postgres/postgres" -qc "DROP DATABASE IF EXISTS fives_pgbench" -c "CREATE DATABASE fives_pgbench" >/dev/null
trap 'psql "$postgres/postgres" -qc "DROP DATABASE IF EXISTS fives_pgbench" >/dev/null' EXIT
pgbench -q -i -s 10 "$postgres/fives_pgbench" >/dev/null 2>&1

pgbench_runs() {
    for clients in 1 16; do
        tps=$(pgbench -N -c "$clients" -j 2 -T "$seconds" "$postgres/fives_pgbench" 2>/dev/null |
            awk '/^tps/ {print int($3)}')
        echo "pgbench -N, $clients clients: $tps transactions a second"
    done
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
pgbench_runs
# shellcheck disable=SC2086
cargo bench --bench submit_results -- $bench_args 2>&1 |
    grep -E '^(submit_results|[[:space:]]+thrpt)' | sed 's/^ *//'
pgbench_runs
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
