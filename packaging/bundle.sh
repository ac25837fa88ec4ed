#!/usr/bin/env bash
# Makes a relocatable headless bundle for GPU nodes: tunebench-cli, tunebench-worker and any
# extra executables (GPU tests), with the non-system shared libraries they need in lib/ and
# rpath $ORIGIN/../lib. The node needs only glibc, libstdc++, the NVIDIA driver and the CUDA 13
# runtime libraries (NVRTC, CUPTI), which stay the node's own.
#
#   packaging/bundle.sh BUILD_DIR OUTPUT.tar.gz [EXTRA_EXECUTABLE...]
#
# Extra executables land in tests/ (Qt Test programs carry QtCore/QtTest with them). share/
# comes from cmake --install: the worker finds the Triton compile helper in
# share/tunebench/triton/, beside its bin/.
set -euo pipefail

build=${1:?usage: bundle.sh BUILD_DIR OUTPUT.tar.gz [EXTRA_EXECUTABLE...]}
output=${2:?usage: bundle.sh BUILD_DIR OUTPUT.tar.gz [EXTRA_EXECUTABLE...]}
shift 2
command -v patchelf >/dev/null || { echo "bundle.sh: patchelf is missing (apt-get install patchelf)" >&2; exit 1; }

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/tunebench"
mkdir -p "$root/bin" "$root/lib" "$root/tests"
cmake --install "$build" --prefix "$root" >/dev/null
for extra in "$@"; do
    cp "$extra" "$root/tests/"
done

# Libraries every Linux node has in a compatible (newer) version, or that belong to the node's
# driver and CUDA installation: never carried.
system_lib='^(linux-vdso|ld-linux|libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s|libcuda|libnvidia|libnvrtc|libnvrtc-builtins|libcupti|libnvJitLink|libcudart)\.so'

carry_dependencies() {
    ldd "$1" | awk '/=> \// {print $1, $3}' | while read -r name path; do
        [[ $name =~ $system_lib ]] && continue
        [[ -e "$root/lib/$name" ]] && continue
        cp -L "$path" "$root/lib/$name"
        carry_dependencies "$root/lib/$name"
    done
}

for binary in "$root"/bin/* "$root"/tests/*; do
    [[ -f $binary ]] || continue
    carry_dependencies "$binary"
    # NVRTC and CUPTI are the node's: look in the usual toolkit places after our own lib/.
    patchelf --set-rpath '$ORIGIN/../lib:/usr/local/cuda/lib64:/usr/local/cuda/extras/CUPTI/lib64' "$binary"
done
for library in "$root"/lib/*; do
    patchelf --set-rpath '$ORIGIN' "$library"
done
# tunebench-capture's injection library links CUPTI, which is the node's like NVRTC.
if [[ -f $root/lib/libtunebench-inject.so ]]; then
    patchelf --set-rpath '$ORIGIN:/usr/local/cuda/lib64:/usr/local/cuda/extras/CUPTI/lib64' \
        "$root/lib/libtunebench-inject.so"
fi

for module in tunebench_triton tunebench_triton_key; do
    [[ -f $root/share/tunebench/triton/$module.py ]] ||
        { echo "bundle.sh: cmake --install left out share/tunebench/triton/$module.py" >&2; exit 1; }
done
tar -C "$stage" -czf "$output" tunebench
echo "bundle.sh: wrote $output ($(du -h "$output" | cut -f1)): $(ls "$root/bin" | tr '\n' ' ')$(ls "$root/tests" | tr '\n' ' ')"
