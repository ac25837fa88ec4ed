#!/usr/bin/env bash
# Issue 38 item 4 on an H200: the default strategy (auto under a budget of 400) against brute
# force on the 5,384-configuration GEMM (bench/spaces/gemm), three seeds. Needs the headless
# bundle at .bundle/tb.tar.gz. PHASE=default runs the three seeds and starts the brute force;
# PHASE=brute resumes the brute force (one command may run 10 minutes) and compares.
set -u
repo=$PWD
rm -rf /tmp/tunebench && tar -C /tmp -xzf .bundle/tb.tar.gz
export PATH=/tmp/tunebench/bin:$PATH
spec_dir=$repo/bench/spaces/gemm
keep=${KEEP:-/root/tb_item4}
mkdir -p "$keep"
# A later call on a fresh machine carries the earlier call's workspaces back in under .bundle/item4.
[ -d "$repo/.bundle/item4" ] && cp -n "$repo"/.bundle/item4/*.tbw "$keep/" 2>/dev/null
cd "$keep"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
if [ "${PHASE:-default}" = default ]; then
    for seed in 1 2 3; do
        python3 - "$spec_dir/gemm.json" "$spec_dir/gemm_seed$seed.json" "$seed" <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
spec["strategy"] = {"name": "auto", "seed": int(sys.argv[3])}
json.dump(spec, open(sys.argv[2], "w"), indent=1)
PY
        echo "=== default, seed $seed"
        /usr/bin/time -f "wall %e s" tunebench-cli --workspace "default$seed.tbw" tune \
            "$spec_dir/gemm_seed$seed.json" --max-configs 400 --top 3 2>&1 | tail -8
    done
fi
echo "=== brute force (resumes)"
timeout "${BRUTE_SECONDS:-420}" tunebench-cli --workspace brute.tbw tune "$spec_dir/gemm.json" \
    --strategy brute_force --top 3 2>&1 | tail -6
echo "brute exit $?"
python3 "$repo/bench/strategies/time_to_best.py" brute.tbw default1.tbw default2.tbw default3.tbw
cp -f ./*.tbw "$OUT/" 2>/dev/null
ls -la "$OUT"
