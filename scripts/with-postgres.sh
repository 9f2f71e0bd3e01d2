#!/usr/bin/env bash
# Run a command with a throwaway PostgreSQL server: a fresh cluster in a temporary folder,
# listening on a free loopback port, stopped and deleted afterwards. The command sees its URL
# in LEAFPILE_TEST_PG. As root the server runs as the `postgres` user (initdb refuses root).
# Without PostgreSQL installed the command runs without LEAFPILE_TEST_PG (the tests decide).
set -uo pipefail

initdb=$(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1)
if [ -z "$initdb" ]; then
    echo "with-postgres: PostgreSQL is not installed; running without it" >&2
    exec "$@"
fi
bin=$(dirname "$initdb")
dir=$(mktemp -d /tmp/leafpile-pg.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

as_pg=()
if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql postgres
    chown postgres "$dir"
    as_pg=(runuser -u postgres --)
fi

cleanup() {
    "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap cleanup EXIT

"${as_pg[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
"${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

export LEAFPILE_TEST_PG="postgresql://postgres@127.0.0.1:$port/postgres"
"$@"
status=$?
exit $status
