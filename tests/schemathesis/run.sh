#!/usr/bin/env bash
# Fuzzes the JSON API from its own OpenAPI document with schemathesis (`--checks all`): a fresh
# `fives serve --demo` on a port of its own, the league secretary's API token made through the
# pages as a person makes one, and every operation of the document tried with generated
# requests. It fails on any 5xx, any answer the document does not describe, and any request
# the document allows that is refused for what it holds, but for the rules that
# schemathesis.toml lists (those a JSON Schema cannot state).
#
#   tests/schemathesis/run.sh            # needs schemathesis: pip install schemathesis
#   tests/schemathesis/run.sh --include-path-regex 'tables'   # more arguments go to `st run`
#
# MAX_EXAMPLES (default 50) sets how many requests each operation gets in each phase.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
cargo build --quiet --bin fives
fives="${CARGO_TARGET_DIR:-target}/debug/fives"
work=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
FIVES_LOG=warn "$fives" serve --demo --data-dir "$work" --bind "127.0.0.1:$port" >"$work/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do
    curl -fs "$base/healthz" >/dev/null && break
    sleep 0.2
done

# The secretary's token, made on the tokens page after logging in.
jar="$work/cookies"
csrf() { grep -o 'name="csrf_token" value="[^"]*"' | head -n 1 | sed 's/.*value="//; s/"$//'; }
form=$(curl -fs -c "$jar" -b "$jar" "$base/login" | csrf)
curl -fs -o /dev/null -c "$jar" -b "$jar" --data-urlencode "csrf_token=$form" \
    --data-urlencode "email=secretary@north-devon.example" \
    --data-urlencode "password=fives-demo-password" "$base/login"
form=$(curl -fs -c "$jar" -b "$jar" "$base/account/tokens" | csrf)
token=$(curl -fs -c "$jar" -b "$jar" --data-urlencode "csrf_token=$form" \
    --data-urlencode "name=schemathesis" "$base/account/tokens" |
    grep -o 'id="new-token-secret">[^<]*' | sed 's/.*>//')

st --config-file "$here/schemathesis.toml" run "$base/api/v1/openapi.json" \
    --checks all --max-examples "${MAX_EXAMPLES:-50}" --workers 2 \
    -H "Authorization: Bearer $token" "$@"
