#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# test-library-postgresql.sh TEST-LIBRARY-CLI EXCHEQUER-CLI
#
# Runs the library's CLI tests against a real PostgreSQL server that it
# starts itself from Debian's `postgresql` package: an initdb in a temporary
# folder, run as an unprivileged user (nobody, when the tests run as root),
# listening only on a socket in that folder, stopped and removed at the end.
# Then checks that a schema from a newer Exchequer is refused and left as it
# is. Skipped (77) where PostgreSQL's server programs are not installed.
set -eu
tests=$1
cli=$2

bindir=$(pg_config --bindir 2>/dev/null || true)
[ -x "$bindir/initdb" ] || bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ] || [ ! -x "$bindir/pg_ctl" ]; then
  echo "1..0 # SKIP PostgreSQL's server (Debian: postgresql) is not installed"
  exit 77
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/exchequer-pg-XXXXXX")
as_server () { "$@"; }
if [ "$(id -u)" -eq 0 ]; then
  # The server refuses to run as root.
  chown nobody "$dir"
  as_server () { runuser -u nobody -- "$@"; }
fi
chmod 755 "$dir"
# A port of our own, on a socket only in our folder: no TCP at all.
port=$((20000 + $$ % 20000))
stop () {
  as_server "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT INT TERM

as_server "$bindir/initdb" -D "$dir/data" --no-locale -E UTF8 -U exchequer --auth=trust >"$dir/initdb.log" 2>&1 || {
  cat "$dir/initdb.log" >&2
  exit 1
}
as_server "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-k $dir -c listen_addresses= -p $port -c fsync=off" start >/dev/null || {
  cat "$dir/server.log" >&2
  exit 1
}

PATH="$bindir:$PATH"
export PATH
EXCHEQUER_TEST_PGHOST=$dir
EXCHEQUER_TEST_PGPORT=$port
export EXCHEQUER_TEST_PGHOST EXCHEQUER_TEST_PGPORT
"$tests" --tap

# A library a newer Exchequer wrote: exit 1, a sentence, nothing written.
createdb -h "$dir" -p "$port" -U exchequer newer
psql -q -X -h "$dir" -p "$port" -U exchequer -d newer \
  -c "CREATE TABLE xq_meta (schema_version INTEGER NOT NULL); INSERT INTO xq_meta VALUES (99)"
status=0
"$cli" library list --database "postgresql:///newer?host=$dir&port=$port&user=exchequer" \
  >"$dir/out" 2>"$dir/err" || status=$?
tables=$(psql -A -t -X -h "$dir" -p "$port" -U exchequer -d newer \
  -c "SELECT string_agg (tablename, ',' ORDER BY tablename) FROM pg_tables WHERE schemaname = 'public'")
version=$(psql -A -t -X -h "$dir" -p "$port" -U exchequer -d newer -c "SELECT schema_version FROM xq_meta")
if [ "$status" -ne 1 ] || ! grep -q "newer Exchequer (library version 99" "$dir/err" \
   || [ "$tables" != "xq_meta" ] || [ "$version" != "99" ] || [ -s "$dir/out" ]; then
  echo "a newer library: exit $status, tables '$tables', version '$version', said:" >&2
  cat "$dir/err" >&2
  exit 1
fi

# A server that is not there: a sentence, exit 1.
status=0
"$cli" library list --database "postgresql:///none?host=$dir&port=1&user=exchequer" 2>"$dir/err" || status=$?
if [ "$status" -ne 1 ] || ! grep -q "no connection to the PostgreSQL library" "$dir/err"; then
  echo "a server that is down: exit $status, said:" >&2
  cat "$dir/err" >&2
  exit 1
fi

# Wrong credentials: a user the server does not know. Refused with the
# server's reason, and nothing made.
status=0
"$cli" library list --database "postgresql:///exchequer?host=$dir&port=$port&user=intruder" \
  >"$dir/out" 2>"$dir/err" || status=$?
if [ "$status" -ne 1 ] || ! grep -q "no connection to the PostgreSQL library: .*intruder" "$dir/err" \
   || [ -s "$dir/out" ]; then
  echo "wrong credentials: exit $status, said:" >&2
  cat "$dir/err" >&2
  exit 1
fi
echo "# PostgreSQL $("$bindir/postgres" --version | awk '{print $3}'): the CLI tests, a newer schema, a server down and wrong credentials"
