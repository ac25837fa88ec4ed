#!/usr/bin/env bash
# Builds a relocatable single-node Slurm kit (Debian 12's slurm-wlm 22.05 + munge) as one
# tarball, for proving srun and `srun --gpus-per-task=1` on a machine that has no Slurm and no
# package registry (issue 22: the GPU machine). Not for production: one node, root, no cgroups.
#
#   bench/cluster/make-slurm-kit.sh OUT.tar.gz       (here: Debian 12, root, apt reachable)
#
# Packages are fetched with `apt-get download` and unpacked with `dpkg-deb -x`; nothing is
# installed. Every shared library the binaries and plugins need is carried in the kit's lib/,
# except glibc's own and libstdc++/libgcc_s (the target's are newer and backward compatible).
# Each ELF file gets a RUNPATH relative to itself ($ORIGIN, set with patchelf) so that nothing
# needs LD_LIBRARY_PATH: srun passes its environment to the tasks (--export=ALL), and the
# kit's old libraries must not leak into the measuring workers.
# On the target: bench/cluster/start-slurm-kit.sh KITDIR, then stop-slurm-kit.sh KITDIR.
# shellcheck disable=SC2016 # '$ORIGIN' is the dynamic loader's, not the shell's
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

fail() {
    echo "make-slurm-kit: $1" >&2
    exit 1
}

(($# == 1)) || fail "usage: make-slurm-kit.sh OUT.tar.gz"
((EUID == 0)) || fail "needs root (apt-get download runs as _apt or root)"
out="$(realpath -m "$1")"
mkdir -p "$(dirname "$out")"

packages=(slurmctld slurmd slurm-client slurm-wlm-basic-plugins libslurm38 munge libmunge2)
# Sonames the target's own system provides: glibc's, and the C++ runtime (newer there).
system_soname='^(libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|'
system_soname+='libresolv\.so\.2|libutil\.so\.1|libanl\.so\.1|ld-linux-x86-64\.so\.2|'
system_soname+='libstdc\+\+\.so\.6|libgcc_s\.so\.1)$'
# Packages never carried: glibc and the C++ runtime (as above).
system_package='^(libc6|libgcc-s1|libstdc\+\+6|gcc-[0-9]+-base)$'

work="$(mktemp -d /tmp/make-slurm-kit.XXXXXX)"
trap 'rm -rf "$work"' EXIT
kit_name=slurm-kit
kit="$work/$kit_name"
stage="$work/stage"
mkdir -p "$work/debs" "$stage" "$kit/libexec" "$kit/lib/slurm" "$kit/lib/hwloc-none" "$kit/etc"
chmod 0755 "$work" && chmod 0777 "$work/debs" # apt-get download drops to _apt where it can

# The packages and every library package they need, recursively (only lib*/zlib ones are
# candidates for lib/; the closure below takes just the sonames something needs).
mapfile -t deps < <(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
    --no-breaks --no-replaces --no-enhances "${packages[@]}" |
    grep -E '^(lib|zlib)' | grep -vE "$system_package" | sort -u)
(cd "$work/debs" && apt-get download -q "${packages[@]}" "${deps[@]}" >/dev/null) ||
    fail "apt-get download failed (is apt reachable? apt-get update first)"
declare -A package_of=() # file name -> the package it came from, for the MANIFEST
for deb in "$work"/debs/*.deb; do
    dpkg-deb -x "$deb" "$stage"
    name="$(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version)"
    while read -r path; do
        [[ -n ${path##*/} ]] && package_of[${path##*/}]="$name"
    done < <(dpkg-deb -c "$deb" | awk '{print $6}')
done

patchelf_bin="$(command -v patchelf || true)"
if [[ -z $patchelf_bin ]]; then
    (cd "$work/debs" && apt-get download -q patchelf >/dev/null) || fail "cannot fetch patchelf"
    dpkg-deb -x "$work"/debs/patchelf_*.deb "$work/tools"
    patchelf_bin="$work/tools/usr/bin/patchelf"
fi

# Binaries. Slurm decides which daemon it is from argv[0]'s basename (run_in_daemon()), so
# slurmctld and slurmd are started as `exec -a slurmctld ...`, and slurmstepd, which slurmd
# execs by path, keeps its name. The files of slurmctld and slurmd keep Debian's -wlm names, as
# munged becomes munged-kit: CI's `pkill -x slurmd` (packaging/ci/stop-slurm.sh) and the
# kit's daemons then never touch each other.
cp "$stage"/usr/sbin/{slurmctld-wlm,slurmd-wlm,mungekey} "$kit/libexec/"
cp "$stage/usr/sbin/slurmstepd-wlm" "$kit/libexec/slurmstepd"
cp "$stage/usr/sbin/munged" "$kit/libexec/munged-kit"
cp "$stage"/usr/bin/* "$kit/libexec/"
cp -a "$stage"/usr/lib/x86_64-linux-gnu/slurm-wlm/. "$kit/lib/slurm/"
# The PMIx plugins dlopen a libpmix the kit does not carry (MpiDefault=none): without them the
# daemons' logs are free of their load errors.
rm -f "$kit"/lib/slurm/mpi_pmix*.so
for lib in libslurm.so.38 libmunge.so.2; do
    cp -L "$stage/usr/lib/x86_64-linux-gnu/$lib" "$kit/lib/$lib"
done

needed_of() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
is_elf() { [[ $(head -c 4 "$1" | od -An -c | tr -d ' ') == 177ELF ]]; }

# Closure over NEEDED: every soname is in the kit, the target's system set, or copied now from
# the unpacked packages; anything else is a failure here rather than on the target.
declare -A system_needed=()
queue=()
while IFS= read -r -d '' f; do is_elf "$f" && queue+=("$f"); done < <(find "$kit" -type f -print0)
while ((${#queue[@]})); do
    f="${queue[0]}"
    queue=("${queue[@]:1}")
    for soname in $(needed_of "$f"); do
        if [[ $soname =~ $system_soname ]]; then
            system_needed[$soname]=1
        elif [[ ! -e $kit/lib/$soname && ! -e $kit/lib/slurm/$soname ]]; then
            src=""
            for dir in "$stage/lib/x86_64-linux-gnu" "$stage/usr/lib/x86_64-linux-gnu"; do
                [[ -e $dir/$soname ]] && src="$dir/$soname" && break
            done
            [[ -n $src ]] || fail "no downloaded package provides $soname (needed by ${f#"$kit"/})"
            cp -L "$src" "$kit/lib/$soname"
            queue+=("$kit/lib/$soname")
        fi
    done
done

# RUNPATHs relative to each file; the compiled-in /usr/lib/x86_64-linux-gnu/slurm-wlm is gone.
for f in "$kit"/libexec/*; do
    "$patchelf_bin" --set-rpath '$ORIGIN/../lib/slurm:$ORIGIN/../lib' "$f"
done
for f in "$kit"/lib/*.so*; do "$patchelf_bin" --set-rpath '$ORIGIN' "$f"; done
for f in "$kit"/lib/slurm/*.so; do "$patchelf_bin" --set-rpath '$ORIGIN:$ORIGIN/..' "$f"; done

cp "$here/slurm-kit.conf.in" "$kit/etc/"
cp "$here/start-slurm-kit.sh" "$here/stop-slurm-kit.sh" "$kit/"

# What the kit carries and what it still takes from the target's system, for the record.
{
    echo "# Relocatable Slurm kit built by bench/cluster/make-slurm-kit.sh on $(date -u +%F)"
    echo "# from Debian $(cat /etc/debian_version) packages. Start: ./start-slurm-kit.sh \$PWD"
    echo "[Slurm and munge]"
    for p in "${packages[@]}"; do echo "$p $(dpkg-deb -f "$work"/debs/"$p"_*.deb Version)"; done
    echo "[carried libraries (lib/)]"
    for f in "$kit"/lib/*.so*; do echo "${f##*/} from ${package_of[${f##*/}]:-?}"; done
    echo "[from the target's system]"
    printf '%s\n' "${!system_needed[@]}" | sort
    echo "[newest glibc symbol version needed]"
    find "$kit/libexec" "$kit/lib" -type f -exec objdump -T {} + 2>/dev/null |
        grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -n 1
} >"$kit/MANIFEST"

tar -C "$work" -czf "$out" "$kit_name"
echo "make-slurm-kit: $out ($(du -h "$out" | cut -f1)); carried libraries:" \
    "$(find "$kit/lib" -maxdepth 1 -name '*.so*' | wc -l) (see MANIFEST in the kit)"
