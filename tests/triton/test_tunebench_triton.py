"""Tests of the Triton compile helper (engine/backend/triton/python/tunebench_triton.py).

Run with the Python of the environment packaging/install-triton.sh makes (it has Triton):
    $VENV/bin/python -m unittest discover -s tests/triton -v
No GPU is needed: kernels are compiled for sm_90 by target.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile
import textwrap
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HELPER = os.environ.get("TUNEBENCH_TRITON_HELPER") or os.path.join(
    ROOT, "engine", "backend", "triton", "python", "tunebench_triton.py")
EXAMPLES = os.path.join(ROOT, "resources", "examples", "triton")
MATMUL = os.path.join(EXAMPLES, "matmul.py")
SOFTMAX = os.path.join(EXAMPLES, "softmax.py")
SM90 = {"arch": 90, "warp_size": 32}

MATMUL_TYPES = {name: "*fp16" for name in ("a_ptr", "b_ptr", "c_ptr")}
MATMUL_TYPES.update({name: "i32" for name in ("M", "N", "K", "stride_am", "stride_ak",
                                              "stride_bk", "stride_bn", "stride_cm",
                                              "stride_cn")})


def elf_symbols(data: bytes) -> set[str]:
    """The names in an ELF64 little-endian file's .symtab (a cubin is one)."""
    assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1, "not an ELF64 LE file"
    section_offset, = struct.unpack_from("<Q", data, 0x28)
    entry_size, count = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, section_offset + i * entry_size)
                for i in range(count)]
    names = set()
    for section in sections:
        kind, offset, size, link = section[1], section[4], section[5], section[6]
        symbol_size = section[9]
        if kind != 2:  # SHT_SYMTAB
            continue
        strings = sections[link][4]
        for at in range(offset, offset + size, symbol_size):
            name_offset, = struct.unpack_from("<I", data, at)
            end = data.index(b"\0", strings + name_offset)
            names.add(data[strings + name_offset:end].decode())
    return names


class Helper:
    """The helper as a subprocess, one JSON request line at a time."""

    def __init__(self, triton_cache: str, arguments: tuple[str, ...] = ()):
        # A cache of its own: every compile is a cold one, and the user's cache stays as it was.
        environment = dict(os.environ, TRITON_CACHE_DIR=triton_cache)
        self.process = subprocess.Popen([sys.executable, HELPER, *arguments],
                                        stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        text=True, env=environment)

    def raw(self, line: str) -> dict:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise AssertionError(f"the helper ended (exit {self.process.wait()})")
        return json.loads(answer)

    def ask(self, **request) -> dict:
        return self.raw(json.dumps(request))

    def close(self) -> int:
        """Asks the helper to shut down; its exit status."""
        if self.process.poll() is None:
            self.ask(op="shutdown")
        self.process.stdin.close()
        self.process.stdout.close()
        return self.process.wait(timeout=30)


class TunebenchTritonTest(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.scratch = tempfile.TemporaryDirectory()
        cls.helper = Helper(os.path.join(cls.scratch.name, "triton-cache"))

    @classmethod
    def tearDownClass(cls):
        cls.helper.close()
        cls.scratch.cleanup()

    def out_dir(self, name: str) -> str:
        return os.path.join(self.scratch.name, name)

    def kernel_file(self, name: str, text: str) -> str:
        path = os.path.join(self.scratch.name, name)
        with open(path, "w") as file:
            file.write(textwrap.dedent(text))
        return path

    def compile_matmul(self, **overrides) -> dict:
        request = dict(op="compile", source=MATMUL, entry="matmul_kernel",
                       signature=MATMUL_TYPES,
                       constants={"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64},
                       divisible_by_16=["a_ptr", "b_ptr", "c_ptr", "M", "N", "K",
                                        "stride_am", "stride_bk", "stride_cm"],
                       equal_to_1=["stride_ak", "stride_bn", "stride_cn"],
                       options={"num_warps": 8, "num_stages": 3, "num_ctas": 1,
                                "maxnreg": None},
                       target=SM90, out_dir=self.out_dir("matmul"))
        request.update(overrides)
        return self.helper.ask(**request)

    def test_versions(self):
        import triton
        answer = self.helper.ask(op="versions")
        self.assertEqual(answer, {"ok": True, "triton": triton.__version__,
                                  "python": "%d.%d.%d" % sys.version_info[:3], "protocol": 1})

    def test_inspect_reads_the_autotune_grid(self):
        answer = self.helper.ask(op="inspect", source=MATMUL, entry="matmul_kernel")
        self.assertTrue(answer["ok"], answer)
        params = {p["name"]: p for p in answer["params"]}
        self.assertEqual(list(params)[:3], ["a_ptr", "b_ptr", "c_ptr"])
        self.assertFalse(params["M"]["constexpr"])
        self.assertTrue(params["BLOCK_M"]["constexpr"])
        self.assertEqual(params["BLOCK_M"]["annotation"], "tl.constexpr")
        self.assertEqual(params["GROUP_M"]["default"], 8)
        autotune = answer["autotune"]
        self.assertEqual(autotune["key"], ["M", "N", "K"])
        self.assertEqual(len(autotune["configs"]), 24)
        grid = {(c["kwargs"]["BLOCK_M"], c["kwargs"]["BLOCK_N"], c["kwargs"]["BLOCK_K"],
                 c["num_warps"], c["num_stages"]) for c in autotune["configs"]}
        self.assertEqual(len(grid), 24)
        self.assertIn((128, 128, 64, 8, 4), grid)
        self.assertTrue(all(c["num_ctas"] == 1 and c["maxnreg"] is None
                            for c in autotune["configs"]))

    def test_inspect_without_autotune(self):
        answer = self.helper.ask(op="inspect", source=SOFTMAX, entry="softmax_kernel")
        self.assertTrue(answer["ok"], answer)
        self.assertIsNone(answer["autotune"])
        self.assertEqual([p["name"] for p in answer["params"] if p["constexpr"]], ["BLOCK_SIZE"])

    def test_inspect_never_runs_the_file(self):
        path = self.kernel_file("side_effect.py", """
            import triton
            import triton.language as tl
            raise SystemExit("inspect ran the module")

            @triton.jit(do_not_specialize=["n"])
            def k(x_ptr, n, B: "tl.constexpr" = 4):
                pass
            """)
        answer = self.helper.ask(op="inspect", source=path, entry="k")
        self.assertTrue(answer["ok"], answer)
        self.assertEqual(answer["jit"]["do_not_specialize"], ["n"])
        self.assertTrue(answer["params"][2]["constexpr"])

    def test_inspect_names_the_line_of_unparsable_configs(self):
        path = self.kernel_file("comprehension.py", """
            import triton
            import triton.language as tl

            @triton.autotune(
                configs=[triton.Config({"B": b}) for b in (32, 64)],
                key=["n"])
            @triton.jit
            def k(x_ptr, n, B: tl.constexpr):
                pass
            """)
        answer = self.helper.ask(op="inspect", source=path, entry="k")
        self.assertTrue(answer["ok"], answer)
        self.assertIn("error", answer["autotune"])
        self.assertEqual(answer["autotune"]["line"], 6)
        self.assertIn("line 6", answer["autotune"]["error"])

    def test_inspect_of_a_missing_function(self):
        answer = self.helper.ask(op="inspect", source=SOFTMAX, entry="no_such_kernel")
        self.assertFalse(answer["ok"])
        self.assertEqual(answer["kind"], "source")

    def test_kernels_lists_the_jit_functions(self):
        path = self.kernel_file("two.py", """
            import triton
            raise SystemExit("kernels ran the module")

            def helper(x):
                return x

            @triton.jit
            def first(x_ptr):
                pass

            @triton.autotune(configs=[], key=[])
            @triton.jit(do_not_specialize=["n"])
            def second(x_ptr, n):
                pass
            """)
        answer = self.helper.ask(op="kernels", source=path)
        self.assertTrue(answer["ok"], answer)
        self.assertEqual([k["name"] for k in answer["kernels"]], ["first", "second"])
        self.assertEqual(answer["kernels"][0]["line"], 9)  # the def

    def test_kernels_of_a_missing_file(self):
        answer = self.helper.ask(op="kernels", source="/no/such/kernel.py")
        self.assertFalse(answer["ok"])
        self.assertEqual(answer["kind"], "source")

    def test_compile_matmul_for_sm90(self):
        answer = self.compile_matmul()
        self.assertTrue(answer["ok"], answer.get("error"))
        metadata = answer["metadata"]
        self.assertGreater(metadata["shared"], 0)
        self.assertEqual(metadata["num_warps"], 8)
        self.assertEqual(metadata["cluster_dims"], [1, 1, 1])
        for name in ("global_scratch_size", "global_scratch_align", "profile_scratch_size",
                     "profile_scratch_align", "num_ctas"):
            self.assertIn(name, metadata)
        with open(answer["cubin"], "rb") as file:
            self.assertIn(metadata["name"], elf_symbols(file.read()))
        resources = answer["resources"]
        self.assertGreater(resources["registers"], 32, resources)
        self.assertLessEqual(resources["registers"], 255)
        self.assertEqual(resources["triton_n_spills"], resources["local"] // 4)
        for kind in ("ttir", "ttgir", "llir", "ptx", "cubin"):
            self.assertTrue(os.path.isfile(answer["files"][kind]), kind)
        launch = answer["launch"]
        # The strides equal to 1 became constants: they are not passed.
        self.assertEqual([a["name"] for a in launch["arguments"]],
                         ["a_ptr", "b_ptr", "c_ptr", "M", "N", "K", "stride_am", "stride_bk",
                          "stride_cm"])
        self.assertEqual([e["name"] for e in launch["extra_params"]],
                         ["global_scratch", "profile_scratch"])
        self.assertEqual(launch["block_dim"], [256, 1, 1])
        self.assertEqual(answer["specialization"]["equal_to_1"],
                         ["stride_ak", "stride_bn", "stride_cn"])
        with open(answer["files"]["ttir"]) as file:
            self.assertIn("tt.divisibility = 16", file.read())

    def test_compile_softmax_for_sm90(self):
        answer = self.helper.ask(
            op="compile", source=SOFTMAX, entry="softmax_kernel",
            signature={"out_ptr": "*fp16", "in_ptr": "*fp16", "in_row_stride": "i32",
                       "out_row_stride": "i32", "n_cols": "i32"},
            constants={"BLOCK_SIZE": 1024}, divisible_by_16=["out_ptr", "in_ptr"],
            options={"num_warps": 4}, target=SM90, out_dir=self.out_dir("softmax"))
        self.assertTrue(answer["ok"], answer.get("error"))
        with open(answer["cubin"], "rb") as file:
            self.assertIn(answer["metadata"]["name"], elf_symbols(file.read()))
        self.assertEqual(len(answer["launch"]["arguments"]), 5)

    def test_specialisation_is_the_jits(self):
        """The signature, constants and attributes equal those of Triton's own binder."""
        sys.path.insert(0, os.path.dirname(HELPER))
        try:
            import tunebench_triton as helper
        finally:
            sys.path.pop(0)
        import triton.language as tl
        from triton.backends.compiler import GPUTarget
        from triton.compiler import make_backend
        from triton.runtime.jit import create_function_from_signature

        class FakeTensor:
            def __init__(self, address):
                self.address, self.dtype = address, tl.float16

            def data_ptr(self):
                return self.address

        path = self.kernel_file("specialised.py", """
            import triton
            import triton.language as tl

            @triton.jit(do_not_specialize=["d"], do_not_specialize_on_alignment=["e"])
            def k(x_ptr, y_ptr, a, b, c, d, e, f: tl.int32, g, h, flag, B: tl.constexpr):
                pass
            """)
        kernel = helper.jit_function(helper.ModuleCache().load(path), "k", path)
        args = {"x_ptr": FakeTensor(4096), "y_ptr": FakeTensor(4104), "a": 32, "b": 1, "c": 7,
                "d": 16, "e": 1, "f": 1, "g": 2.0, "h": 2**40, "flag": True, "B": 64}
        backend = make_backend(GPUTarget("cuda", 90, 32))
        binder = create_function_from_signature(kernel.signature, kernel.params, backend)
        bound, specialisation, options = binder(**args)
        jit = kernel._pack_args(backend, {}, bound, specialisation, options)[1:]

        types = {"x_ptr": "*fp16", "y_ptr": "*fp16", "a": "i32", "b": "i32", "c": "i32",
                 "d": "i32", "e": "i32", "f": "i32", "g": "fp32", "h": "i64", "flag": "u1"}
        request = {"signature": types, "constants": {"B": 64},
                   "divisible_by_16": ["x_ptr", "a", "d", "h"],
                   "equal_to_1": ["b", "e", "f"]}
        signature, constexprs, attrs, applied = helper.specialise(kernel, request)
        by_index = {(kernel.arg_names.index(k), ): v for k, v in constexprs.items()}
        self.assertEqual(signature, jit[0])
        self.assertEqual(by_index, jit[1])
        self.assertEqual(attrs, jit[2])
        self.assertEqual(set(applied["ignored"]), {"d", "f"})

    def test_a_type_error_names_its_line(self):
        path = self.kernel_file("type_error.py", """
            import triton
            import triton.language as tl


            @triton.jit
            def broken(x_ptr, n):
                offsets = tl.arange(0, n)
                tl.store(x_ptr + offsets, 1.0)
            """)
        answer = self.helper.ask(op="compile", source=path, entry="broken",
                                 signature={"x_ptr": "*fp32", "n": "i32"}, target=SM90,
                                 out_dir=self.out_dir("broken"))
        self.assertFalse(answer["ok"])
        self.assertEqual(answer["kind"], "compile")
        self.assertEqual(answer["line"], 8)
        self.assertIn("arange", answer["error"])

    def test_a_syntax_error_names_its_line(self):
        path = self.kernel_file("syntax_error.py", """
            import triton

            @triton.jit
            def broken(x_ptr):
                x = (1 +
            """)
        answer = self.helper.ask(op="compile", source=path, entry="broken",
                                 signature={"x_ptr": "*fp32"}, target=SM90,
                                 out_dir=self.out_dir("syntax"))
        self.assertFalse(answer["ok"])
        self.assertEqual(answer["kind"], "source")
        self.assertIsInstance(answer["line"], int)
        inspected = self.helper.ask(op="inspect", source=path, entry="broken")
        self.assertFalse(inspected["ok"])
        self.assertIsInstance(inspected["line"], int)

    def test_a_changed_file_is_loaded_again(self):
        text = """
            import triton
            import triton.language as tl

            @triton.jit
            def fill(x_ptr, B: tl.constexpr):
                tl.store(x_ptr + tl.arange(0, B), {value})
            """
        path = self.kernel_file("changing.py", text.format(value="1.0"))
        request = dict(op="compile", source=path, entry="fill", signature={"x_ptr": "*fp32"},
                       constants={"B": 128}, target=SM90, out_dir=self.out_dir("changing"))
        self.assertTrue(self.helper.ask(**request)["ok"])
        self.kernel_file("changing.py", text.format(value="1.0 +"))
        os.utime(path, ns=(0, os.stat(path).st_mtime_ns + 10**9))
        self.assertFalse(self.helper.ask(**request)["ok"])

    def test_prints_do_not_reach_the_protocol(self):
        path = self.kernel_file("noisy.py", """
            import os
            import triton
            import triton.language as tl
            print("noise from print")
            os.system("echo noise from a child process")

            @triton.jit
            def fill(x_ptr, B: tl.constexpr):
                tl.store(x_ptr + tl.arange(0, B), 2.0)
            """)
        answer = self.helper.ask(op="compile", source=path, entry="fill",
                                 signature={"x_ptr": "*fp32"}, constants={"B": 64},
                                 target=SM90, out_dir=self.out_dir("noisy"))
        self.assertTrue(answer["ok"], answer)
        self.assertTrue(self.helper.ask(op="versions")["ok"])

    def test_bad_requests_keep_the_helper_alive(self):
        for line in ("this is not JSON", "[1, 2]", '{"op": "fly"}', '{"op": "inspect"}',
                     '{"op": "compile", "source": "relative.py"}'):
            answer = self.helper.raw(line)
            self.assertFalse(answer["ok"], line)
            self.assertEqual(answer["kind"], "request", line)
        answer = self.compile_matmul(options={"num_wraps": 4})
        self.assertEqual(answer["kind"], "request")
        self.assertIn("num_wraps", answer["error"])
        self.assertTrue(self.helper.ask(op="versions")["ok"])

    def test_shutdown_exits_zero(self):
        helper = Helper(os.path.join(self.scratch.name, "triton-cache"))
        self.assertTrue(helper.ask(op="versions")["ok"])
        self.assertEqual(helper.close(), 0)


if __name__ == "__main__":
    unittest.main()
