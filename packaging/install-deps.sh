#!/usr/bin/env bash
# Installs what Tunebench needs to build and test on Debian 12 (bookworm), from Debian's own
# packages. Idempotent; uses sudo when not run as root. The CUDA toolkit is optional: NVIDIA's
# (e.g. in /usr/local/cuda) gives the CUDA backend; without one the build has none and says so.
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
)

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
        missing+=("$package")
done
if ((${#missing[@]} == 0)); then
    echo "install-deps: everything is already installed"
    exit 0
fi

sudo=""
if [[ $(id -u) -ne 0 ]]; then
    sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
