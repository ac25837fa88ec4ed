#!/usr/bin/env bash
# Stops what start-slurm-kit.sh started from KITDIR: slurmd (and any slurmstepd left), slurmctld,
# munged. Only processes whose executable lies in KITDIR/libexec are signalled (found through
# /proc/PID/exe): a system Slurm or CI's (packaging/ci/start-slurm.sh) is left alone.
#
#   bench/cluster/stop-slurm-kit.sh KITDIR
set -u
(($# == 1)) || {
    echo "usage: stop-slurm-kit.sh KITDIR" >&2
    exit 2
}
bin="$(cd "$1" && pwd -P)/libexec"
state="${TB_KIT_STATE:-/tmp/tb-slurmkit}"

# The kit's processes running NAME, by their executable (/proc/PID/exe).
kit_pids() {
    local name="$1" exe pid
    for exe in /proc/[0-9]*/exe; do
        [[ $(readlink "$exe" 2>/dev/null) == "$bin/$name" ]] || continue
        pid="${exe#/proc/}"
        echo "${pid%/exe}"
    done
}

stop_all() {
    local name pids
    for name in slurmd-wlm slurmstepd slurmctld-wlm munged-kit; do
        pids="$(kit_pids "$name")"
        # shellcheck disable=SC2086 # one word per pid
        [[ -n $pids ]] && kill $pids 2>/dev/null
        for _ in $(seq 50); do
            [[ -z $(kit_pids "$name") ]] && break
            sleep 0.1
        done
    done
}

stop_all
left="$(for name in slurmd-wlm slurmstepd slurmctld-wlm munged-kit; do kit_pids "$name"; done)"
if [[ -n $left ]]; then
    echo "stop-slurm-kit: still running:" >&2
    for pid in $left; do echo "  $pid $(tr '\0' ' ' </proc/"$pid"/cmdline)" >&2; done
    exit 1
fi
rm -f "$state"/slurmd.pid "$state"/slurmctld.pid "$state"/munge/munged.pid
exit 0
