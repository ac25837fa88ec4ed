#!/usr/bin/env bash
# Starts a single-node Slurm on loopback (munged, slurmctld, slurmd) with the config beside this
# script, for CI and the `slurm` tests (issue 22), and waits until the node is idle. Root only.
# Installs Debian's slurm-wlm and munge when missing. Prints `export SLURM_CONF=...` for the
# clients; stop everything with packaging/ci/stop-slurm.sh.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
conf="$here/slurm/slurm.conf"
state=/tmp/tunebench-slurm
deadline=$((SECONDS + 60))

fail() {
    echo "start-slurm: $1" >&2
    for log in "$state"/slurmctld.log "$state"/slurmd.log; do
        [[ -f $log ]] && { echo "--- last lines of $log" >&2; tail -n 15 "$log" >&2; }
    done
    exit 1
}

((EUID == 0)) || fail "needs root (it starts munged, slurmctld and slurmd)"
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        slurm-wlm munge >/dev/null
fi
export SLURM_CONF="$conf"

# munge: the key the package made (or one made now), its socket under /run/munge.
mkdir -p /etc/munge /var/lib/munge /var/log/munge /run/munge
[[ -s /etc/munge/munge.key ]] || dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
chown -R munge:munge /etc/munge /var/lib/munge /var/log/munge /run/munge 2>/dev/null || true
chmod 0400 /etc/munge/munge.key
if ! pgrep -x munged >/dev/null; then
    if id munge >/dev/null 2>&1; then
        runuser -u munge -- munged || fail "munged did not start"
    else
        munged --force || fail "munged did not start"
    fi
fi
until munge -n </dev/null | unmunge >/dev/null 2>&1; do
    ((SECONDS < deadline)) || fail "munge does not answer (munge -n | unmunge)"
    sleep 0.2
done

# slurmctld and slurmd, fresh state each time: a node left down by an earlier run would stay so.
pgrep -x slurmctld >/dev/null && pkill -x slurmctld || true
pgrep -x slurmd >/dev/null && pkill -x slurmd || true
while pgrep -x slurmctld >/dev/null || pgrep -x slurmd >/dev/null; do
    ((SECONDS < deadline)) || fail "an earlier slurmctld or slurmd does not stop"
    sleep 0.2
done
rm -rf "$state"
mkdir -p "$state/ctld" "$state/d"
slurmctld -f "$conf" -i || fail "slurmctld did not start"
slurmd -f "$conf" -N localhost || fail "slurmd did not start"

until sinfo -h -n localhost -o '%T' 2>/dev/null | grep -qx 'idle'; do
    ((SECONDS < deadline)) ||
        fail "the node is not idle within 60 s (sinfo says: '$(sinfo -h -n localhost -o '%T' 2>&1)')"
    sleep 0.5
done
echo "start-slurm: node localhost idle ($(sinfo -h -o '%D node(s), %c CPUs, partition %P'))"
echo "export SLURM_CONF=$conf"
