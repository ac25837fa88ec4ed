"""Triton's triton_key(), remembered between helper processes.

triton.compile() names every build by triton_key(): a hash of Triton's compiler, backend and
language files and of its 400 MB libtriton. Computing it is the biggest part of a helper's
first compile (0.69 s of 0.86 s on the H200 machine's host, 2026-11-29), and a run starts a
helper per compile worker, each of which computed it again. Tunebench bypasses Triton's cache
(it caches cubins itself), so the key only has to be the one Triton would compute: it is kept
in a file named by a fingerprint of the same files' sizes and modification times. Any change
to the installation changes the fingerprint, and the key is computed afresh.
"""
from __future__ import annotations

import functools
import hashlib
import os

# The folders and files triton_key() reads (triton/runtime/cache.py in Triton 3.6), relative to
# the triton package.
KEYED_FOLDERS = ("compiler", "backends", "language")
KEYED_FILES = (os.path.join("runtime", "cache.py"), )


def keyed_files(triton_dir: str) -> list[str]:
    """Every file whose change may change triton_key(), sorted; libtriton included."""
    files = [os.path.join(triton_dir, name) for name in KEYED_FILES
             if os.path.isfile(os.path.join(triton_dir, name))]
    for folder in KEYED_FOLDERS:
        for root, dirs, names in os.walk(os.path.join(triton_dir, folder)):
            dirs.sort()
            files += [os.path.join(root, name) for name in names if name.endswith(".py")]
    c_dir = os.path.join(triton_dir, "_C")
    if os.path.isdir(c_dir):
        files += [os.path.join(c_dir, name) for name in os.listdir(c_dir)
                  if name.startswith("libtriton")]
    return sorted(files)


def fingerprint(triton_dir: str, version: str) -> str:
    """A hash of the keyed files' paths, sizes and modification times: cheap, no file read."""
    digest = hashlib.sha256(version.encode())
    for path in keyed_files(triton_dir):
        status = os.stat(path)
        digest.update(f"{os.path.relpath(path, triton_dir)}\0{status.st_size}\0"
                      f"{status.st_mtime_ns}\0".encode())
    return digest.hexdigest()[:32]


def key_file(directory: str, triton_dir: str, version: str) -> str:
    return os.path.join(directory, f"triton-key-{fingerprint(triton_dir, version)}.txt")


def read_or_compute(path: str, compute) -> str:
    """The key kept at path, else compute() written there (atomically; best effort)."""
    try:
        with open(path, encoding="utf-8") as file:
            key = file.read()
        if key:
            return key
    except OSError:
        pass
    key = compute()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        scratch = f"{path}.{os.getpid()}.tmp"
        with open(scratch, "w", encoding="utf-8") as file:
            file.write(key)
        os.replace(scratch, path)
    except OSError:
        pass  # an unwritable cache only costs the next helper the computation
    return key


def remember_triton_key(directory: str) -> str:
    """Makes Triton use the key kept in directory (computed and kept there the first time)."""
    import triton
    import triton.runtime.autotuner as autotuner
    import triton.runtime.cache as cache
    triton_dir = os.path.dirname(os.path.abspath(triton.__file__))
    key = read_or_compute(key_file(directory, triton_dir, triton.__version__), cache.triton_key)
    remembered = functools.lru_cache()(lambda: key)
    # get_cache_key() calls the module's global; the autotuner imported the name itself.
    cache.triton_key = remembered
    autotuner.triton_key = remembered
    return key
