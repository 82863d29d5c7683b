# Sourced by .ci/run: makes sure a PostgreSQL server answers on 127.0.0.1:<port> to the `postgres`
# user without a password, so the server suites, the two-process job cluster test and every race
# test run on PostgreSQL as well as on PGlite.
#
#   ensure_postgres <port>   0 when one answers (found, or started here), 1 when none can be had
#   stop_ci_postgres         stops and removes a throwaway cluster that ensure_postgres started
#
# In order: a server that already answers is used as it is (no apt, no change). Otherwise, with
# no PostgreSQL installed, Debian's `postgresql` package is installed (root only). Debian's own
# cluster on that port (the package makes `main` on 5432) gets a trust line for `postgres` from
# 127.0.0.1 and is started; it stays up for the next run. With no such cluster (or not root), a
# throwaway cluster is made in a temp dir (initdb, trust auth) and removed at exit.

CI_PG_DIR=""

# True when postgres@127.0.0.1:<port> accepts a connection without a password.
pg_answers() {
  node -e "
    const { Client } = require('pg');
    const c = new Client({ connectionString: 'postgres://postgres@127.0.0.1:$1/postgres', connectionTimeoutMillis: 3000 });
    c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));
  " 2>/dev/null
}

pg_wait_answers() {
  local i
  for i in $(seq 1 30); do
    pg_answers "$1" && return 0
    sleep 1
  done
  return 1
}

pg_bin_dir() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

ensure_postgres() {
  local port="$1" bin root=0
  pg_answers "$port" && return 0
  [ "$(id -u)" = 0 ] && root=1

  bin="$(pg_bin_dir)"
  if [ -z "$bin" ]; then
    if [ "$root" = 0 ] || ! command -v apt-get >/dev/null; then
      echo "No PostgreSQL on 127.0.0.1:$port, and it cannot be installed here (needs root and apt-get)."
      echo "  Install one (Debian: apt-get install postgresql) with trust auth for postgres on 127.0.0.1,"
      echo "  or the tests run on PGlite only and the two-process cluster test is skipped."
      return 1
    fi
    echo "No PostgreSQL on 127.0.0.1:$port: installing Debian's postgresql package"
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }; then
      echo "Installing postgresql failed."
      return 1
    fi
    bin="$(pg_bin_dir)"
    [ -n "$bin" ] || { echo "postgresql installed, but no server binaries in /usr/lib/postgresql."; return 1; }
  fi

  # Debian's cluster on this port: trust postgres from 127.0.0.1 (first matching line wins), start.
  if [ "$root" = 1 ] && command -v pg_lsclusters >/dev/null; then
    local ver name hba
    read -r ver name < <(pg_lsclusters -h 2>/dev/null | awk -v p="$port" '$3 == p { print $1, $2; exit }') || true
    if [ -n "${ver:-}" ]; then
      hba="/etc/postgresql/$ver/$name/pg_hba.conf"
      if [ -f "$hba" ] && ! grep -q '^host all postgres 127.0.0.1/32 trust' "$hba"; then
        sed -i '1i host all postgres 127.0.0.1/32 trust' "$hba"
      fi
      echo "Starting PostgreSQL cluster $ver/$name on port $port"
      pg_ctlcluster "$ver" "$name" start 2>/dev/null || pg_ctlcluster "$ver" "$name" reload || true
      pg_wait_answers "$port" && return 0
      echo "Cluster $ver/$name did not answer on 127.0.0.1:$port; trying a throwaway cluster."
    fi
  fi

  # A throwaway cluster (initdb refuses root: as root it runs as the postgres user).
  local as=()
  if [ "$root" = 1 ]; then
    id postgres >/dev/null 2>&1 || { echo "No postgres user to run a throwaway cluster as."; return 1; }
    as=(runuser -u postgres --)
  fi
  CI_PG_DIR="$(mktemp -d /tmp/venue-ci-pg.XXXXXX)"
  [ "$root" = 1 ] && chown postgres "$CI_PG_DIR"
  echo "Starting a throwaway PostgreSQL ($(basename "$(dirname "$bin")")) in $CI_PG_DIR on port $port"
  if ! "${as[@]}" "$bin/initdb" -D "$CI_PG_DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync >"$CI_PG_DIR/initdb.log" 2>&1 ||
    ! "${as[@]}" "$bin/pg_ctl" -D "$CI_PG_DIR/data" -l "$CI_PG_DIR/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $CI_PG_DIR -c fsync=off -c max_connections=200" start >/dev/null; then
    echo "Could not start a throwaway PostgreSQL:"
    tail -n 20 "$CI_PG_DIR/initdb.log" "$CI_PG_DIR/server.log" 2>/dev/null || true
    stop_ci_postgres
    return 1
  fi
  pg_wait_answers "$port" && return 0
  stop_ci_postgres
  return 1
}

stop_ci_postgres() {
  [ -n "$CI_PG_DIR" ] || return 0
  local bin as=()
  bin="$(pg_bin_dir)"
  [ "$(id -u)" = 0 ] && as=(runuser -u postgres --)
  if [ -n "$bin" ] && [ -f "$CI_PG_DIR/data/postmaster.pid" ]; then
    "${as[@]}" "$bin/pg_ctl" -D "$CI_PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$CI_PG_DIR"
  CI_PG_DIR=""
}
