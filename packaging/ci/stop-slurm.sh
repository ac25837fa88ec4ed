#!/usr/bin/env bash
# Stops what packaging/ci/start-slurm.sh started: slurmd, slurmctld, munged.
set -u
for daemon in slurmd slurmctld munged; do
    pkill -x "$daemon" 2>/dev/null || true
done
for _ in $(seq 50); do
    pgrep -x slurmd >/dev/null || pgrep -x slurmctld >/dev/null || pgrep -x munged >/dev/null ||
        exit 0
    sleep 0.1
done
echo "stop-slurm: still running: $(pgrep -a slurm; pgrep -a munged)" >&2
exit 1
