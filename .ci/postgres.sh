# A throwaway PostgreSQL for the test suite; sourced by .ci/run (bash).
#
# Installs Debian's postgresql package when initdb is missing, makes a cluster
# as the postgres user in a temporary folder, starts it listening only on a
# Unix socket in that folder, exports TEST_DATABASE_URL and stops the cluster
# (and removes the folder) when the sourcing script exits.

pg_bin() {
    local found
    found=$(command -v initdb 2>/dev/null || true)
    if [ -z "$found" ]; then
        found=$(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 || true)
    fi
    [ -n "$found" ] && dirname "$(readlink -f "$found")"
}

if [ -z "$(pg_bin)" ]; then
    echo "Installing PostgreSQL (Debian's postgresql package) …"
    export DEBIAN_FRONTEND=noninteractive
    # Only our own throwaway cluster is wanted, not the package's default one on port 5432.
    if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
        mkdir -p /etc/postgresql-common
        echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.conf
    fi
    apt-get update -q
    apt-get install -y -q postgresql >/dev/null
fi
PG_BIN=$(pg_bin)
PG_DIR=$(mktemp -d /tmp/alcazar-pg.XXXXXX)
chown postgres: "$PG_DIR"
chmod 700 "$PG_DIR"

stop_postgres() {
    su postgres -s /bin/sh -c "'$PG_BIN/pg_ctl' -D '$PG_DIR/data' -m fast -w stop" >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
}
trap stop_postgres EXIT

su postgres -s /bin/sh -c "'$PG_BIN/initdb' -D '$PG_DIR/data' -U postgres -A trust -E UTF8 --no-locale" >/dev/null
# No TCP port: only the Unix socket in the cluster's folder. fsync is off: the cluster is
# thrown away after the run, and the tests check behaviour, not durability on power loss.
su postgres -s /bin/sh -c "'$PG_BIN/pg_ctl' -D '$PG_DIR/data' -l '$PG_DIR/server.log' -w \
    -o \"-c listen_addresses='' -c unix_socket_directories='$PG_DIR' -c max_connections=200 -c fsync=off\" start" >/dev/null
su postgres -s /bin/sh -c "'$PG_BIN/createdb' -h '$PG_DIR' -U postgres alcazar_test"
export TEST_DATABASE_URL="postgresql://postgres@/alcazar_test?host=$PG_DIR"
echo "PostgreSQL for the tests: $TEST_DATABASE_URL"
