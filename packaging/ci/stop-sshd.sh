#!/usr/bin/env bash
# Stops what packaging/ci/start-sshd.sh started: its sshd (by the pid file) and the connections
# it still serves. The machine's own sshd, if any, is not touched.
set -u
pidfile=/tmp/tunebench-sshd/sshd.pid
[[ -s $pidfile ]] || exit 0
daemon=$(cat "$pidfile")
# Each connection's sshd is a child of the daemon; ending it ends the session under it.
pkill -TERM -P "$daemon" 2>/dev/null || true
kill -TERM "$daemon" 2>/dev/null || true
for _ in $(seq 50); do
    if ! kill -0 "$daemon" 2>/dev/null && ! pgrep -P "$daemon" >/dev/null; then
        rm -f "$pidfile"
        exit 0
    fi
    sleep 0.1
done
echo "stop-sshd: still running: $(ps -o pid=,args= -p "$daemon"; pgrep -a -P "$daemon")" >&2
exit 1
