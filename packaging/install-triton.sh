#!/usr/bin/env bash
# Creates the Python virtual environment in which Tunebench's Triton compile helper runs
# (engine/backend/triton/python/tunebench_triton.py), with a pinned Triton from PyPI. The
# system's site-packages are never written. Idempotent: a working environment is kept. Where
# the Python already has the pinned Triton, the environment borrows it instead of downloading.
#
#   bash packaging/install-triton.sh
#
# Environment:
#   TUNEBENCH_TRITON_VENV    where the environment goes
#                            (default ${XDG_CACHE_HOME:-$HOME/.cache}/tunebench/triton-3.6.0)
#   TUNEBENCH_PYTHON         the Python that creates it (default python3; 3.10 or newer)
#   TUNEBENCH_TRITON_WHEELS  a folder of wheels to install from instead of PyPI (offline nodes)
set -euo pipefail

triton_version=3.6.0
venv=${TUNEBENCH_TRITON_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/tunebench/triton-${triton_version}}
python=${TUNEBENCH_PYTHON:-python3}

say() { echo "install-triton: $*"; }
fail() {
    echo "install-triton: $*" >&2
    exit 1
}

# True when the environment's Python imports the pinned Triton.
venv_works() {
    [[ -x $venv/bin/python ]] &&
        "$venv/bin/python" -c "import sys, triton; sys.exit(triton.__version__ != '$triton_version')" \
            >/dev/null 2>&1
}

if venv_works; then
    say "Triton $triton_version is already installed in $venv"
    say "its Python: $venv/bin/python"
    exit 0
fi

command -v "$python" >/dev/null || fail "$python is missing (install python3, or set TUNEBENCH_PYTHON)"
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 10))' ||
    fail "$python is $("$python" --version 2>&1); Triton $triton_version needs Python 3.10 or newer"

# A Python that already has the pinned Triton (a GPU node without PyPI) lends it: a .pth file
# puts the folder that holds it on the environment's path. Nothing is downloaded; no pip.
if "$python" -c "import sys, triton; sys.exit(triton.__version__ != '$triton_version')" >/dev/null 2>&1; then
    [[ -e $venv ]] && rm -rf "$venv"
    mkdir -p "$(dirname "$venv")"
    packages=$("$python" -c 'import os, triton; print(os.path.dirname(os.path.dirname(triton.__file__)))')
    say "$python already has Triton $triton_version: $venv borrows it from $packages"
    "$python" -m venv --without-pip "$venv"
    site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')
    echo "$packages" >"$site/tunebench-borrowed-triton.pth"
    venv_works || fail "the environment in $venv does not import Triton $triton_version"
    say "its Python: $venv/bin/python"
    exit 0
fi

# Debian and Ubuntu ship venv and ensurepip in a separate package.
if ! "$python" -c 'import ensurepip, venv' >/dev/null 2>&1; then
    command -v apt-get >/dev/null ||
        fail "$python lacks the venv module; install it with your system's package manager"
    sudo=""
    [[ $(id -u) -ne 0 ]] && sudo="sudo"
    say "installing python3-venv"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends python3-venv
    "$python" -c 'import ensurepip, venv' >/dev/null 2>&1 ||
        fail "$python still lacks the venv module after installing python3-venv"
fi

# A half-made or outdated environment is replaced whole.
if [[ -e $venv ]]; then
    say "replacing the environment in $venv (it does not import Triton $triton_version)"
    rm -rf "$venv"
fi
mkdir -p "$(dirname "$venv")"
say "creating $venv with $("$python" --version 2>&1)"
"$python" -m venv "$venv"

pip_source=()
if [[ -n ${TUNEBENCH_TRITON_WHEELS:-} ]]; then
    pip_source=(--no-index --find-links "$TUNEBENCH_TRITON_WHEELS")
fi
say "installing triton==$triton_version (about 190 MB)"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${pip_source[@]}" \
    "triton==$triton_version"

venv_works || fail "the environment in $venv does not import Triton $triton_version"
say "Triton $triton_version is installed in $venv"
say "its Python: $venv/bin/python"
