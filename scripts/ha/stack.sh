#!/usr/bin/env bash
# A local high-availability PostgreSQL for the service, on this one machine: etcd, HA_NODES
# Patroni-managed PostgreSQL 15 nodes in synchronous replication, and HAProxy sending every
# connection to the current primary. Everything runs as the `postgres` user under HA_DIR.
#
#   scripts/ha/stack.sh up        installs what is missing, starts the stack, prints DATABASE_URL
#   scripts/ha/stack.sh status    the members, their roles and lag (patronictl list)
#   scripts/ha/stack.sh switchover  a planned switchover to the synchronous standby (patronictl)
#   scripts/ha/stack.sh restart NODE  starts a stopped or killed node again (it rejoins as a replica)
#   scripts/ha/stack.sh down      stops everything and removes HA_DIR
#   scripts/ha/stack.sh install   only installs Debian's patroni, etcd-server and haproxy
#
# Settings (environment): HA_DIR (default ${TMPDIR:-/tmp}/feedback-ha), HA_BASE_PORT (default
# 15400; the stack uses the ports from there to +23), HA_NODES (2 or 3, default 3).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
HA_DIR="${HA_DIR:-${TMPDIR:-/tmp}/feedback-ha}"
BASE="${HA_BASE_PORT:-15400}"
NODES="${HA_NODES:-3}"
HOST=127.0.0.1
HAPROXY_PORT=$BASE
STATS_PORT=$((BASE + 1))
ETCD_PORT=$((BASE + 2))
ETCD_PEER_PORT=$((BASE + 3))
PG_BIN=/usr/lib/postgresql/15/bin
PACKAGES=(patroni etcd-server haproxy)
# Exit code of `up` and `install` when the packages are missing and cannot be installed.
EXIT_UNAVAILABLE=3

pg_port() { echo $((BASE + 10 + $1)); }
rest_port() { echo $((BASE + 20 + $1)); }
log() { printf '%s\n' "$*" >&2; }
die() { log "ha: $*"; exit 1; }

missing_packages() {
  local missing=() package
  for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ -x "$PG_BIN/postgres" ] || missing+=(postgresql-15)
  echo "${missing[@]}"
}

install_packages() {
  local missing
  missing="$(missing_packages)"
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    log "ha: missing packages ($missing) and not root: install them with apt-get install -y $missing"
    exit $EXIT_UNAVAILABLE
  fi
  log "ha: installing $missing"
  # The packages' own services stay stopped where policy-rc.d says so (containers); the stack runs
  # its own processes on its own ports either way.
  if ! { DEBIAN_FRONTEND=noninteractive apt-get update -q && \
         DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing; } >"${TMPDIR:-/tmp}/feedback-ha-apt.log" 2>&1; then
    log "ha: apt-get could not install $missing (log: ${TMPDIR:-/tmp}/feedback-ha-apt.log)"
    exit $EXIT_UNAVAILABLE
  fi
}

# Runs a command as the stack's user: `postgres` when started as root (PostgreSQL refuses root).
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# Starts a long-running process as the stack's user in a session of its own, its output in
# $HA_DIR/<name>.log and its pid in $HA_DIR/<name>.pid (sh writes its own pid, then becomes the command).
start_process() {
  local name="$1"
  shift
  local owner=()
  [ "$(id -u)" -ne 0 ] || owner=(runuser -u postgres --)
  (cd "$HA_DIR" && exec setsid "${owner[@]}" sh -c 'echo $$ > "$0"; exec "$@"' "$HA_DIR/$name.pid" "$@") \
    >"$HA_DIR/$name.log" 2>&1 </dev/null &
}

# Fills in a template's @NAME@ placeholders from the variables of the same name.
render() {
  local template="$1" target="$2" name
  local text
  text="$(cat "$template")"
  for name in HOST DIR NODE REST_PORT PG_PORT ETCD_HOSTS ETCD_NAME ETCD_PORT ETCD_PEER_PORT HAPROXY_PORT STATS_PORT \
              SUPERUSER_PASSWORD REPLICATION_PASSWORD REWIND_PASSWORD CLIENT_NETWORK; do
    text="${text//@$name@/${!name:-}}"
  done
  printf '%s\n' "${text//@SERVERS@/${SERVERS:-}}" >"$target"
}

wait_for() {
  local what="$1" seconds="$2"
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || { log "ha: $what did not happen within ${seconds}s; logs in $HA_DIR"; return 1; }
    sleep 0.5
  done
}

secret() { od -An -tx1 -N16 /dev/urandom | tr -d ' \n'; }

cluster_json() { curl -sf "http://$HOST:$(rest_port 1)/cluster" || curl -sf "http://$HOST:$(rest_port 2)/cluster"; }

# Every member running, one leader, one synchronous standby, the others streaming.
cluster_healthy() {
  cluster_json | python3 -c '
import json, sys
members = json.load(sys.stdin)["members"]
roles = sorted(m["role"] for m in members)
running = all(m["state"] in ("running", "streaming") for m in members)
sys.exit(0 if running and len(members) == int(sys.argv[1]) and roles.count("leader") == 1 and "sync_standby" in roles else 1)
' "$NODES"
}

up() {
  [ "$NODES" = 2 ] || [ "$NODES" = 3 ] || die "HA_NODES must be 2 or 3"
  install_packages
  [ ! -e "$HA_DIR/stack.env" ] || die "a stack already runs in $HA_DIR (scripts/ha/stack.sh down first)"
  mkdir -p "$HA_DIR/run"
  chmod 700 "$HA_DIR"
  [ "$(id -u)" -ne 0 ] || chown -R postgres:postgres "$HA_DIR"

  DIR="$HA_DIR" ETCD_NAME=etcd1 ETCD_HOSTS="$HOST:$ETCD_PORT" CLIENT_NETWORK="$HOST/32"
  SUPERUSER_PASSWORD="$(secret)" REPLICATION_PASSWORD="$(secret)" REWIND_PASSWORD="$(secret)"
  local app_password
  app_password="$(secret)"

  render "$HERE/etcd.yml" "$HA_DIR/etcd.yml"
  SERVERS=""
  local n
  for n in $(seq 1 "$NODES"); do
    NODE="node$n" PG_PORT="$(pg_port "$n")" REST_PORT="$(rest_port "$n")"
    mkdir -p "$HA_DIR/$NODE"
    render "$HERE/patroni.yml" "$HA_DIR/$NODE.yml"
    SERVERS+="    server $NODE $HOST:$PG_PORT maxconn 300 check port $REST_PORT"$'\n'
  done
  render "$HERE/haproxy.cfg" "$HA_DIR/haproxy.cfg"
  chmod 600 "$HA_DIR"/*.yml
  [ "$(id -u)" -ne 0 ] || chown -R postgres:postgres "$HA_DIR"

  local database_url="postgresql://feedback:$app_password@$HOST:$HAPROXY_PORT/feedback"
  cat >"$HA_DIR/stack.env" <<EOF
HA_DIR=$HA_DIR
HA_BASE_PORT=$BASE
HA_NODES=$NODES
DATABASE_URL=$database_url
SUPERUSER_URL=postgresql://postgres:$SUPERUSER_PASSWORD@$HOST:$HAPROXY_PORT/postgres
HAPROXY_STATS=http://$HOST:$STATS_PORT/
EOF
  for n in $(seq 1 "$NODES"); do
    echo "NODE${n}_REST=http://$HOST:$(rest_port "$n")" >>"$HA_DIR/stack.env"
    echo "NODE${n}_PG_PORT=$(pg_port "$n")" >>"$HA_DIR/stack.env"
  done
  chmod 600 "$HA_DIR/stack.env"

  start_process etcd etcd --config-file "$HA_DIR/etcd.yml"
  wait_for "etcd answering" 30 curl -sf "http://$HOST:$ETCD_PORT/health"
  for n in $(seq 1 "$NODES"); do start_process "node$n" patroni "$HA_DIR/node$n.yml"; done
  start_process haproxy haproxy -db -f "$HA_DIR/haproxy.cfg"
  wait_for "a primary and a synchronous standby" 180 cluster_healthy
  wait_for "HAProxy reaching the primary" 30 \
    psql "postgresql://postgres:$SUPERUSER_PASSWORD@$HOST:$HAPROXY_PORT/postgres" -Atc "SELECT NOT pg_is_in_recovery()" -v ON_ERROR_STOP=1
  psql "postgresql://postgres:$SUPERUSER_PASSWORD@$HOST:$HAPROXY_PORT/postgres" -q -v ON_ERROR_STOP=1 \
    -c "CREATE ROLE feedback LOGIN PASSWORD '$app_password'" -c "CREATE DATABASE feedback OWNER feedback" >/dev/null
  log "ha: up in $HA_DIR: $NODES nodes, HAProxy on $HOST:$HAPROXY_PORT, stats on http://$HOST:$STATS_PORT/"
  echo "DATABASE_URL=$database_url"
}

stop_pidfile() {
  local pidfile="$1" signal="$2" pid
  [ -f "$pidfile" ] || return 0
  pid="$(head -n 1 "$pidfile")"
  [ -n "$pid" ] && kill "-$signal" "$pid" 2>/dev/null || true
}

down() {
  [ -d "$HA_DIR" ] || { log "ha: nothing in $HA_DIR"; return 0; }
  local n pidfile
  stop_pidfile "$HA_DIR/haproxy.pid" TERM
  # Patroni stops its PostgreSQL on SIGTERM; a postmaster whose Patroni was killed gets a fast shutdown.
  for pidfile in "$HA_DIR"/node*.pid; do stop_pidfile "$pidfile" TERM; done
  for pidfile in "$HA_DIR"/node*/data/postmaster.pid; do stop_pidfile "$pidfile" INT; done
  for pidfile in "$HA_DIR"/node*.pid "$HA_DIR"/node*/data/postmaster.pid "$HA_DIR/haproxy.pid"; do
    wait_for "$pidfile to stop" 30 bash -c "! kill -0 \$(head -n 1 '$pidfile' 2>/dev/null) 2>/dev/null" || stop_pidfile "$pidfile" KILL
  done
  stop_pidfile "$HA_DIR/etcd.pid" TERM
  wait_for "etcd to stop" 15 bash -c "! kill -0 \$(head -n 1 '$HA_DIR/etcd.pid' 2>/dev/null) 2>/dev/null" || stop_pidfile "$HA_DIR/etcd.pid" KILL
  rm -rf "$HA_DIR"
  log "ha: stopped and removed $HA_DIR"
}

status() {
  [ -f "$HA_DIR/node1.yml" ] || die "no stack in $HA_DIR"
  as_owner patronictl -c "$HA_DIR/node1.yml" list
}

switchover() {
  [ -f "$HA_DIR/node1.yml" ] || die "no stack in $HA_DIR"
  as_owner patronictl -c "$HA_DIR/node1.yml" switchover --force
}

restart() {
  local node="${1:-}"
  [ -f "$HA_DIR/$node.yml" ] || die "no node '$node' in $HA_DIR"
  ! kill -0 "$(head -n 1 "$HA_DIR/$node.pid" 2>/dev/null)" 2>/dev/null || die "$node is running"
  start_process "$node" patroni "$HA_DIR/$node.yml"
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) status ;;
  switchover) switchover ;;
  restart) restart "${2:-}" ;;
  install) install_packages ;;
  *) die "usage: $0 up|status|switchover|restart NODE|down|install" ;;
esac
