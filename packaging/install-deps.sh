#!/usr/bin/env bash
# Installs what Tunebench needs to build and test on Debian 12 (bookworm), from Debian's own
# packages. Idempotent; uses sudo when not run as root. The CUDA toolkit is optional: NVIDIA's
# (e.g. in /usr/local/cuda) gives the CUDA backend; without one the build has none and says so.
# Last, install-triton.sh makes the Triton environment (skip it with TUNEBENCH_NO_TRITON=1).
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config clang-format
    qt6-base-dev qt6-base-dev-tools libqcustomplot-dev libqcustomplot2.1-qt6
    libqscintilla2-qt6-dev libgl-dev
    # The SVG image and icon plugins (the app icon), and the .desktop file's validator.
    libqt6svg6 desktop-file-utils
    libboost-dev libspdlog-dev libsqlite3-dev nlohmann-json3-dev libcli11-dev libmuparser-dev libffi-dev
    # Search: the Gaussian-process surrogate (Eigen); recorded spaces come gzip- or
    # xz-compressed (zlib, liblzma).
    libeigen3-dev zlib1g-dev liblzma-dev
    xvfb xauth x11-utils sqlite3 patchelf
    # The tests' document checks (tests/docs) and the bench scripts.
    python3
)

# The CUDA toolkit's major version, or nothing without a toolkit.
cuda_major=""
for nvcc in "$(command -v nvcc || true)" /usr/local/cuda/bin/nvcc; do
    if [[ -x $nvcc ]]; then
        cuda_major=$("$nvcc" --version | sed -n 's/.*release \([0-9]*\)\..*/\1/p')
        break
    fi
done
# nvdisasm shows a configuration's SASS on the Kernel page. A toolkit assembled from NVIDIA's
# wheels may lack it: then NVIDIA's nvdisasm wheel of the same major version supplies it (pip
# only downloads; the wheel is unpacked, nothing enters Python's environment).
needs_nvdisasm=false
if [[ -n $cuda_major ]] && ! command -v nvdisasm >/dev/null &&
    [[ ! -x /usr/local/cuda/bin/nvdisasm ]]; then
    needs_nvdisasm=true
    packages+=(python3-pip unzip)
fi

install_nvdisasm() {
    local target=/opt/tunebench-nvdisasm wheels
    wheels=$(mktemp -d)
    python3 -m pip download --quiet --no-deps --dest "$wheels" \
        "nvidia-cuda-nvdisasm>=${cuda_major},<$((cuda_major + 1))"
    $sudo mkdir -p "$target"
    $sudo unzip -q -o "$wheels"/nvidia_cuda_nvdisasm-*.whl -d "$target"
    $sudo ln -sf "$target/nvidia/cu${cuda_major}/bin/nvdisasm" /usr/local/bin/nvdisasm
    $sudo chmod +x "$target/nvidia/cu${cuda_major}/bin/nvdisasm"
    rm -rf "$wheels"
    echo "install-deps: nvdisasm $(nvdisasm --version | tail -n 1)"
}

sudo=""
if [[ $(id -u) -ne 0 ]]; then
    sudo="sudo"
fi

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
        missing+=("$package")
done
if ((${#missing[@]} == 0)) && ! $needs_nvdisasm; then
    echo "install-deps: every package is already installed"
fi

if ((${#missing[@]} > 0)); then
    echo "install-deps: installing ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if $needs_nvdisasm; then
    install_nvdisasm
fi

# Triton kernels compile in a virtual environment with a pinned Triton from PyPI, in the user's
# cache (packaging/install-triton.sh says where). TUNEBENCH_NO_TRITON=1 skips it.
if [[ ${TUNEBENCH_NO_TRITON:-0} == 1 ]]; then
    echo "install-deps: TUNEBENCH_NO_TRITON=1: no Triton environment (bash packaging/install-triton.sh makes it)"
else
    bash "$(dirname "$0")/install-triton.sh"
fi
