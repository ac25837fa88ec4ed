#!/usr/bin/env bash
# Starts a single-node Slurm from an unpacked kit (bench/cluster/make-slurm-kit.sh): munged,
# slurmctld and slurmd, all from KITDIR, state under /tmp/tb-slurmkit, ports 7817/7818 (not
# CI's 6817/6818). Waits until the node is idle and writes KITDIR/env.sh: source it to get the
# kit's srun, salloc, sinfo, ... on PATH. Root, no network needed. For proving srun and
# `srun --gpus-per-task=1` on a machine without Slurm; not for production.
#
#   bench/cluster/start-slurm-kit.sh KITDIR          stop: bench/cluster/stop-slurm-kit.sh KITDIR
#
# GPUs: every /dev/nvidia[0-9]* becomes one `gpu` gres (gres.conf, AutoDetect=off), so Slurm
# sets CUDA_VISIBLE_DEVICES for --gpus-per-task=1. FOR TESTING ONLY, on a machine without a GPU:
# TB_KIT_GPU_DEVICES="PATH ..." replaces that glob (e.g. a link named nvidia0 to /dev/null) to
# check that the gres configuration is accepted; jobs then see a GPU that is not there.
# TB_KIT_STATE, TB_KIT_CTLD_PORT, TB_KIT_SLURMD_PORT override the state dir and the ports.
set -euo pipefail
(($# == 1)) || {
    echo "usage: start-slurm-kit.sh KITDIR" >&2
    exit 2
}
kit="$(cd "$1" && pwd -P)"
state="${TB_KIT_STATE:-/tmp/tb-slurmkit}"
ctld_port="${TB_KIT_CTLD_PORT:-7817}"
slurmd_port="${TB_KIT_SLURMD_PORT:-7818}"
socket="$state/munge/munge.socket.2"
conf="$state/etc/slurm.conf"
bin="$kit/libexec"
deadline=$((SECONDS + 60))

started=0 # set once this start's state dir exists: only then are its logs worth showing
fail() {
    echo "start-slurm-kit: $1" >&2
    ((started)) || exit 1
    for log in "$state"/munge/munged.log "$state"/slurmctld.log "$state"/slurmd.log; do
        [[ -f $log ]] && { echo "--- last lines of $log" >&2; tail -n 15 "$log" >&2; }
    done
    exit 1
}

((EUID == 0)) || fail "needs root (it starts munged, slurmctld and slurmd)"
[[ -x $bin/slurmctld-wlm && -f $kit/etc/slurm-kit.conf.in ]] ||
    fail "$kit is not an unpacked Slurm kit (no libexec/slurmctld-wlm or etc/slurm-kit.conf.in)"

# Fresh state each time: a node left down by an earlier run would stay so.
"$(dirname "$0")/stop-slurm-kit.sh" "$kit" >/dev/null ||
    fail "the kit's earlier daemons do not stop"
rm -rf "$state"
mkdir -p "$state/munge" "$state/etc" "$state/ctld" "$state/d"
started=1
chmod 0755 "$state/munge" # clients other than root reach the socket through it

# munge: a new key; socket, key, log, pid and seed under the state dir (the compiled-in ones
# are /run/munge, /etc/munge, /var/log/munge, /var/lib/munge). The origin is loopback's, so that
# a host name that does not resolve costs nothing but the name in Slurm's logs.
dd if=/dev/urandom of="$state/munge/munge.key" bs=1024 count=1 status=none
chmod 0400 "$state/munge/munge.key"
"$bin/munged-kit" --force --origin=127.0.0.1 --socket="$socket" \
    --key-file="$state/munge/munge.key" --log-file="$state/munge/munged.log" \
    --pid-file="$state/munge/munged.pid" --seed-file="$state/munge/munged.seed" ||
    fail "munged did not start"
until "$bin/munge" --socket="$socket" -n </dev/null |
    "$bin/unmunge" --socket="$socket" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || fail "munge does not answer (munge -n | unmunge on $socket)"
    sleep 0.2
done

# GPUs as gres: one gres.conf line per device; CUDA_VISIBLE_DEVICES counts them from 0 in order.
if [[ -n ${TB_KIT_GPU_DEVICES:-} ]]; then
    read -r -a gpus <<<"$TB_KIT_GPU_DEVICES" # testing only, see above
else
    # Numeric order (nvidia2 before nvidia10): Slurm numbers the GPUs in gres.conf's order.
    mapfile -t gpus < <(compgen -G '/dev/nvidia[0-9]*' | sort -V)
fi
gres_types="" node_gres=""
if ((${#gpus[@]})); then
    gres_types="GresTypes=gpu"
    node_gres="Gres=gpu:${#gpus[@]}"
    {
        echo "# Written by start-slurm-kit.sh: the GPUs by device file, no NVML detection."
        echo "AutoDetect=off"
        for dev in "${gpus[@]}"; do echo "NodeName=localhost Name=gpu File=$dev"; done
    } >"$state/etc/gres.conf"
fi

# slurmd 22.05 starts its cgroup plugin whatever proctrack and task are. Where the machine has
# cgroup v2 (the H100 box's container), the autodetected cgroup/v2 needs systemd's dbus and
# failed slurmd's start ("cannot initialize cgroup directory for stepds"). Nothing here uses
# cgroups (proctrack/linuxproc, task/none): cgroup/v1's plugin starts without them.
echo "CgroupPlugin=cgroup/v1" >"$state/etc/cgroup.conf"

sed -e "s|@STATE@|$state|g" -e "s|@PLUGIN_DIR@|$kit/lib/slurm|" \
    -e "s|@MUNGE_SOCKET@|$socket|" -e "s|@CTLD_PORT@|$ctld_port|" \
    -e "s|@SLURMD_PORT@|$slurmd_port|" -e "s|@CPUS@|$(nproc)|" \
    -e "s|@GRES_TYPES@|$gres_types|" -e "s|@NODE_GRES@|$node_gres|" \
    "$kit/etc/slurm-kit.conf.in" >"$conf"

# hwloc (in slurmd, slurmstepd) would load the target's own hwloc plugins, built against
# another libhwloc; an empty plugin dir keeps it to the kit's. This reaches the daemons only.
export HWLOC_PLUGINS_PATH="$kit/lib/hwloc-none"
export SLURM_CONF="$conf"
# argv[0] tells Slurm which daemon it is (make-slurm-kit.sh says why the files are -wlm).
(exec -a slurmctld "$bin/slurmctld-wlm" -f "$conf" -i) || fail "slurmctld did not start"
(exec -a slurmd "$bin/slurmd-wlm" -f "$conf" -N localhost -d "$bin/slurmstepd") ||
    fail "slurmd did not start"

node_state() { "$bin/sinfo" -h -n localhost -o '%T' 2>&1; }
until [[ $(node_state) == idle ]]; do
    ((SECONDS < deadline)) || fail "the node is not idle within 60 s (sinfo says: '$(node_state)')"
    sleep 0.5
done

# Client wrappers: they name the kit's slurm.conf. No LD_LIBRARY_PATH: the binaries find the
# kit's libraries through their RUNPATH, and srun would pass LD_LIBRARY_PATH to the tasks.
mkdir -p "$kit/bin"
for client in srun salloc sbatch squeue scancel sinfo scontrol sacct sattach sbcast sstat; do
    cat >"$kit/bin/$client" <<EOF
#!/bin/sh
# The Slurm kit's $client (start-slurm-kit.sh wrote this).
export SLURM_CONF='$conf'
exec '$bin/$client' "\$@"
EOF
    chmod 0755 "$kit/bin/$client"
done
cat >"$kit/env.sh" <<EOF
# Source this to use the Slurm kit in $kit (start-slurm-kit.sh wrote this).
export PATH='$kit/bin':"\$PATH"
export SLURM_CONF='$conf'
EOF

gres_note="no GPUs"
((${#gpus[@]})) && gres_note="gres gpu:${#gpus[@]} (${gpus[*]})"
node="$("$bin/sinfo" -h -o '%D node(s), %c CPUs, partition %P')"
echo "start-slurm-kit: node localhost idle ($node, $gres_note)"
echo "start-slurm-kit: source $kit/env.sh"
