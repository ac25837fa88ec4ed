"""Tests of tunebench_triton_key.py: Triton's build key, kept for the next helper.

Run with the Triton environment's Python (tests/triton/CMakeLists.txt), as the helper's tests.
"""
import glob
import importlib.util
import os
import tempfile
import time
import unittest

from test_tunebench_triton import HELPER, Helper, MATMUL, MATMUL_TYPES, SM90


def key_module():
    path = os.path.join(os.path.dirname(HELPER), "tunebench_triton_key.py")
    spec = importlib.util.spec_from_file_location("tunebench_triton_key", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class TritonKeyTest(unittest.TestCase):

    def setUp(self):
        self.scratch = tempfile.TemporaryDirectory()
        self.keys = os.path.join(self.scratch.name, "keys")

    def tearDown(self):
        self.scratch.cleanup()

    def helper(self) -> Helper:
        helper = Helper(os.path.join(self.scratch.name, "triton-cache"),
                        ("--key-cache", self.keys))
        self.addCleanup(helper.close)
        return helper

    def compiled_hash(self, helper: Helper) -> str:
        answer = helper.ask(op="compile", source=MATMUL, entry="matmul_kernel",
                            signature=MATMUL_TYPES,
                            constants={"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32},
                            options={"num_warps": 4, "num_stages": 3}, target=SM90,
                            out_dir=os.path.join(self.scratch.name, "out"))
        self.assertTrue(answer["ok"], answer.get("error"))
        return answer["metadata"]["hash"]

    def test_the_kept_key_is_tritons(self):
        import triton.runtime.cache as cache
        self.assertTrue(self.helper().ask(op="versions")["ok"])
        kept = glob.glob(os.path.join(self.keys, "triton-key-*.txt"))
        self.assertEqual(len(kept), 1, kept)
        with open(kept[0], encoding="utf-8") as file:
            self.assertEqual(file.read(), cache.triton_key())

    def test_a_kept_key_names_the_builds(self):
        real = self.compiled_hash(self.helper())
        (kept, ) = glob.glob(os.path.join(self.keys, "triton-key-*.txt"))
        with open(kept, "w", encoding="utf-8") as file:
            file.write("another key")
        # The next helper reads the file instead of hashing Triton: its builds' names change.
        self.assertNotEqual(self.compiled_hash(self.helper()), real)

    def test_a_changed_file_changes_the_fingerprint(self):
        module = key_module()
        triton_dir = os.path.join(self.scratch.name, "triton")
        os.makedirs(os.path.join(triton_dir, "compiler"))
        os.makedirs(os.path.join(triton_dir, "_C"))
        compiler = os.path.join(triton_dir, "compiler", "compiler.py")
        for path in (compiler, os.path.join(triton_dir, "_C", "libtriton.so")):
            with open(path, "w") as file:
                file.write("x")
        before = module.fingerprint(triton_dir, "3.6.0")
        self.assertEqual(module.fingerprint(triton_dir, "3.6.0"), before)
        self.assertNotEqual(module.fingerprint(triton_dir, "3.6.1"), before)
        with open(compiler, "a") as file:
            file.write("y")
        grown = module.fingerprint(triton_dir, "3.6.0")
        self.assertNotEqual(grown, before)
        later = time.time() + 10
        os.utime(os.path.join(triton_dir, "_C", "libtriton.so"), (later, later))
        self.assertNotEqual(module.fingerprint(triton_dir, "3.6.0"), grown)

    def test_an_unwritable_folder_still_gives_the_key(self):
        module = key_module()
        blocker = os.path.join(self.scratch.name, "a-file")
        with open(blocker, "w") as file:
            file.write("not a folder")
        key = module.read_or_compute(os.path.join(blocker, "key.txt"), lambda: "computed")
        self.assertEqual(key, "computed")


if __name__ == "__main__":
    unittest.main()
