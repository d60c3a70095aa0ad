#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for the store tests: initdb into a temp folder as an unprivileged
# user, pg_ctl start on a free port (unix socket in the same folder), one database, then stop.
#
#   eval "$(scripts/pg-cluster.sh start)"     # exports SKILLBOX_TEST_DATABASE_URL and SKILLBOX_TEST_PG_CLUSTER
#   scripts/pg-cluster.sh stop "$SKILLBOX_TEST_PG_CLUSTER"   # stops the server and deletes the folder
#   scripts/pg-cluster.sh run -- npx vitest run src/store    # start, run the command with the URL set, stop
#   scripts/pg-cluster.sh pause|resume DIR   # pg_ctl stop -m fast / start again on the same port (fault tests)
set -euo pipefail

find_bin() {
  local bin
  if [ -n "${SKILLBOX_PG_BIN:-}" ]; then echo "$SKILLBOX_PG_BIN"; return; fi
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$bin" ] && command -v pg_config >/dev/null 2>&1; then bin=$(pg_config --bindir); fi
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "pg-cluster: PostgreSQL is not installed; on Debian run: apt-get install -y postgresql" >&2
    exit 1
  fi
  echo "$bin"
}

# initdb refuses to run as root, so root runs the server as the postgres user (or nobody).
run_as_owner() {
  local dir=$1
  shift
  if [ "$(id -u)" != "0" ]; then "$@"; return; fi
  local owner
  owner=$(cat "$dir/owner")
  runuser -u "$owner" -- "$@"
}

free_port() {
  node -e 'const s=require("node:net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

start_server() {
  local dir=$1
  # shellcheck disable=SC1091
  . "$dir/cluster.env"
  # fsync off: the cluster is thrown away; a clean (fast) shutdown still writes everything out.
  run_as_owner "$dir" "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
    -o "-p $PG_PORT -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
}

start() {
  local bin dir owner port url
  bin=$(find_bin)
  dir=$(mktemp -d "${TMPDIR:-/tmp}/skillbox-pg.XXXXXX")
  if [ "$(id -u)" = "0" ]; then
    owner=postgres
    id -u "$owner" >/dev/null 2>&1 || owner=nobody
    echo "$owner" >"$dir/owner"
    chown "$owner" "$dir"
  fi
  chmod 700 "$dir"
  run_as_owner "$dir" "$bin/initdb" -D "$dir/data" -U skillbox -A trust -E UTF8 --no-locale --no-sync >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    exit 1
  }
  port=$(free_port)
  printf 'PG_BIN=%q\nPG_PORT=%q\n' "$bin" "$port" >"$dir/cluster.env"
  start_server "$dir" || {
    cat "$dir/server.log" >&2
    exit 1
  }
  run_as_owner "$dir" "$bin/createdb" -h 127.0.0.1 -p "$port" -U skillbox skillbox_test
  url="postgresql://skillbox@127.0.0.1:$port/skillbox_test"
  printf 'export SKILLBOX_TEST_DATABASE_URL=%q\nexport SKILLBOX_TEST_PG_CLUSTER=%q\n' "$url" "$dir"
}

stop() {
  local dir=${1:?pg-cluster stop needs the cluster folder}
  [ -f "$dir/cluster.env" ] || return 0
  # shellcheck disable=SC1091
  . "$dir/cluster.env"
  if [ -f "$dir/data/postmaster.pid" ]; then
    run_as_owner "$dir" "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  # A server pg_ctl could not stop (a stop racing a start) is ended by its pid, so nothing outlives the folder.
  if [ -f "$dir/data/postmaster.pid" ]; then
    kill -9 "$(head -n 1 "$dir/data/postmaster.pid")" 2>/dev/null || true
  fi
  rm -rf "$dir"
}

pause() {
  local dir=${1:?pg-cluster pause needs the cluster folder}
  # shellcheck disable=SC1091
  . "$dir/cluster.env"
  run_as_owner "$dir" "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  pause) pause "${2:-}" ;;
  resume) start_server "${2:?pg-cluster resume needs the cluster folder}" ;;
  run)
    shift
    [ "${1:-}" = "--" ] && shift
    eval "$(start)"
    trap 'stop "$SKILLBOX_TEST_PG_CLUSTER"' EXIT
    "$@"
    ;;
  *)
    echo "usage: pg-cluster.sh start | stop DIR | pause DIR | resume DIR | run -- COMMAND..." >&2
    exit 2
    ;;
esac
