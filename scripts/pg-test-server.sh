#!/usr/bin/env bash
# pg-test-server.sh starts and stops a throw-away PostgreSQL server for the
# tests of the PostgreSQL store (and for trying it out): a cluster in a
# directory of its own, run by an unprivileged user, listening on
# 127.0.0.1 only, on a free port, trusting local logins.
#
#   eval "$(scripts/pg-test-server.sh start /tmp/lkb-pg)"   # sets LKMLBENCH_TEST_POSTGRES
#   go test ./export/postgres/ ./corpus/ ./cmd/lkmlbench/
#   scripts/pg-test-server.sh stop /tmp/lkb-pg             # stops it, removes the directory
#
# start prints `export LKMLBENCH_TEST_POSTGRES=postgres://...` on standard
# output (messages go to standard error). When the server binaries are
# missing and the script runs as root, it installs Debian's postgresql
# package first, unless PG_TEST_NO_INSTALL is set (as the Go tests set it
# when they start a server themselves). As root the cluster belongs to the user `nobody`
# (PostgreSQL refuses to run as root); otherwise to the caller.
set -euo pipefail

usage() {
	echo "usage: $0 start|stop DIR" >&2
	exit 2
}
[ $# -eq 2 ] || usage
cmd=$1
dir=$2

# bindir finds the newest installed PostgreSQL server binaries.
bindir() {
	local d
	for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
		if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
			echo "$d"
			return 0
		fi
	done
	if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
		dirname "$(command -v initdb)"
		return 0
	fi
	return 1
}

# as runs a command as the cluster's owner.
as() {
	if [ "$(id -u)" -eq 0 ]; then
		runuser -u nobody -- "$@"
	else
		"$@"
	fi
}

# freeport asks the kernel for a free TCP port on 127.0.0.1.
freeport() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

case $cmd in
start)
	if ! bin=$(bindir); then
		if [ "$(id -u)" -ne 0 ] || [ -n "${PG_TEST_NO_INSTALL:-}" ]; then
			echo "$0: PostgreSQL server binaries not found (install the postgresql package)" >&2
			exit 1
		fi
		echo "$0: installing postgresql" >&2
		apt-get update >&2
		DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >&2
		bin=$(bindir)
	fi
	mkdir -p "$dir"
	dir=$(cd "$dir" && pwd)
	if [ "$(id -u)" -eq 0 ]; then
		chown nobody "$dir"
		if ! as test -w "$dir"; then
			echo "$0: user nobody cannot write $dir (is a parent folder private?): pick a folder under /tmp" >&2
			exit 1
		fi
	fi
	as "$bin/initdb" -D "$dir/data" -U lkmlbench --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
		{ cat "$dir/initdb.log" >&2; exit 1; }
	for attempt in 1 2 3 4 5; do
		port=$(freeport)
		if as "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
			-o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=100" start >&2; then
			break
		fi
		# Another process may have taken the port between the probe and
		# the start: try another one.
		port=
	done
	if [ -z "$port" ]; then
		cat "$dir/server.log" >&2
		exit 1
	fi
	echo "$port" >"$dir/port"
	echo "export LKMLBENCH_TEST_POSTGRES=postgres://lkmlbench@127.0.0.1:$port/postgres?sslmode=disable"
	;;
stop)
	[ -d "$dir" ] || exit 0
	if [ -f "$dir/data/postmaster.pid" ] && bin=$(bindir); then
		as "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
	fi
	rm -rf "$dir"
	;;
*)
	usage
	;;
esac
