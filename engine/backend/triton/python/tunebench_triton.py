#!/usr/bin/env python3
"""Tunebench's Triton compile helper: a long-running process that compiles Triton kernels.

It speaks JSON lines: one request on stdin gives one response line on stdout. Logs go to
stderr. Only the standard library and triton are used; Python 3.10 or newer.

Requests and responses (every response has "ok"; a failure has "error" and "kind"):

  {"op": "versions"}
      -> {"ok": true, "triton": "3.6.0", "python": "3.11.7", "protocol": 1}
         protocol: this file's protocol version (added fields do not change it).

  {"op": "inspect", "source": "/abs/file.py", "entry": "kernel"}
      The file is parsed with ast, never imported or run.
      -> {"ok": true,
          "params": [{"name", "constexpr": bool, "annotation": source text or "",
                      "default": literal value or null, "has_default": bool,
                      "default_source": source text of the default or null}],
          "line": line of the "def",
          "jit": {"do_not_specialize": [names], "do_not_specialize_on_alignment": [names]},
          "heuristics": [constexpr names a @triton.heuristics decorator computes],
          "autotune": null
                    | {"configs": [{"kwargs": {...}, "num_warps": 4, "num_stages": 3,
                                    "num_ctas": 1, "maxnreg": null, "line": N}],
                       "key": ["M", ...], "line": N,
                       "reset_to_zero": [names], "restore_value": [names],
                       "unread": [autotune keywords Tunebench does not use, e.g. prune_configs_by]}
                    | {"error": "...", "line": N}}

  {"op": "kernels", "source": "/abs/file.py"}
      The file is parsed with ast, never imported or run.
      -> {"ok": true, "kernels": [{"name", "line"}]}: its top-level @triton.jit functions, in
         file order (what `tunebench-cli new-spec` offers as entries).

  {"op": "compile", "source", "entry", "signature": {name: type}, "constants": {name: value},
   "divisible_by_16": [names], "equal_to_1": [names],
   "options": {"num_warps", "num_stages", "num_ctas", "maxnreg", ...any CUDAOptions field},
   "target": {"arch": 90, "warp_size": 32}, "out_dir": "/abs/dir"}
      signature: Triton's type of every non-constexpr parameter ("*fp16", "i32", "fp32", ...).
      As the JIT types a Python int: "i32" from -2**31 to 2**31-1, else "i64", else "u64"; a
      Python float is "fp32", a bool "u1". A parameter annotated with a type may be left out.
      constants: the constexpr parameters' values (a parameter's default is used when absent).
      divisible_by_16 / equal_to_1: the run's arguments that are so; the helper applies them
      only where Triton's JIT would (see specialise()).
      -> {"ok": true, "cubin": path, "files": {"ttir", "ttgir", "llir", "ptx", "cubin",
          "metadata"}: paths, "metadata": {Triton's metadata, JSON-serialisable part, plus
          "cluster_dims"}, "launch": {...}, "resources": {...}, "specialization": {...},
          "seconds": compile time, "cache_hit": bool,
          "ptxas_log": what ptxas -v printed (its figures)}
         launch:
           "arguments": [{"name", "index" (in the Python signature), "type", "c_type",
                          "bytes", "divisible_by_16"}] in kernelParams order; c_type is the
                          launcher's storage: fp16/bf16 as uint16_t bits (bf16 truncated from
                          fp32), fp32 as uint32_t bits, fp64 as uint64_t bits,
           "extra_params": [{"name": "global_scratch" | "profile_scratch", "type": "*i8",
                             "c_type": "CUdeviceptr", "bytes": 8, "size_per_program",
                             "align", "allocated": how the launcher sizes it}],
           "block_dim": [num_warps * warp_size, 1, 1],
           "grid_dim_x_multiplier": num_ctas (gridDimX = grid x * num_ctas),
           "cluster_dims": [num_ctas, 1, 1], "shared": dynamic shared bytes,
           "raise_max_dynamic_shared_above": 49152,
           "cooperative": bool, "pdl": bool
         resources: {"registers", "stack", "static_shared", "local", "constant0"}: the
                    bundled cuobjdump -res-usage's REG, STACK, SHARED, LOCAL, CONSTANT[0]
                    (bytes but registers), and "triton_n_spills": local / 4, Triton's own
                    count; {"error": why} when cuobjdump fails,
         specialization: {"divisible_by_16": [applied], "equal_to_1": [applied],
                          "ignored": {name: why Triton's JIT would not specialise it}}
      -> {"ok": false, "error": Triton's message, "line": source line or null,
          "kind": "compile" | "source" | "request"}

  {"op": "shutdown"} -> {"ok": true}, then the process exits 0.

Started with --key-cache DIR, it keeps Triton's build key in DIR (tunebench_triton_key.py,
which must lie beside this file): each helper after the first skips hashing libtriton.

docs/triton-launch.md says how Triton 3.6 launches what this compiles.
"""
from __future__ import annotations

import ast
import contextlib
import dataclasses
import importlib.util
import io
import json
import os
import platform
import re
import subprocess
import sys
import time
import traceback

PROTOCOL_VERSION = 1

def log(message: str) -> None:
    print(f"tunebench_triton: {message}", file=sys.stderr, flush=True)


class RequestError(Exception):
    """The request itself is wrong (missing field, bad type, unknown name)."""


class SourceError(Exception):
    """The user's file cannot be read, parsed or loaded."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


# ---------------------------------------------------------------------------------------------
# Request fields
# ---------------------------------------------------------------------------------------------


def field(request: dict, name: str, kind, default=None, required=True):
    if name not in request or request[name] is None:
        if required:
            raise RequestError(f"the request lacks the field \"{name}\"")
        return default
    value = request[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RequestError(f"the field \"{name}\" has the wrong type ({type(value).__name__})")
    return value


def absolute_path(request: dict, name: str) -> str:
    path = field(request, name, str)
    if not os.path.isabs(path):
        raise RequestError(f"the field \"{name}\" must be an absolute path: {path}")
    return path


def names_list(request: dict, name: str) -> list[str]:
    values = field(request, name, list, default=[], required=False)
    if not all(isinstance(v, str) for v in values):
        raise RequestError(f"the field \"{name}\" must list parameter names")
    return values


# ---------------------------------------------------------------------------------------------
# inspect: read the kernel's parameters and decorators from the parsed file
# ---------------------------------------------------------------------------------------------


def dotted_name(node: ast.AST) -> str:
    """"triton.autotune" for triton.autotune, "jit" for jit, "" for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted_name(node.value)
        return f"{base}.{node.attr}" if base else ""
    return ""


def decorator_name(node: ast.AST) -> str:
    return dotted_name(node.func if isinstance(node, ast.Call) else node).rsplit(".", 1)[-1]


def keyword(call: ast.Call, name: str, position: int | None = None) -> ast.AST | None:
    for kw in call.keywords:
        if kw.arg == name:
            return kw.value
    if position is not None and position < len(call.args):
        return call.args[position]
    return None


def literal(node: ast.AST, what: str):
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        raise SourceError(f"{what} at line {node.lineno} is not a literal "
                          f"({ast.unparse(node)}); Tunebench reads it without running the file",
                          node.lineno)


def literal_names(node: ast.AST | None, what: str, params: list[str]) -> list[str]:
    """A literal list of parameter names or indices, as names."""
    if node is None:
        return []
    values = literal(node, what)
    if isinstance(values, (str, int)):
        values = [values]
    names = []
    for value in values:
        if isinstance(value, int) and 0 <= value < len(params):
            names.append(params[value])
        elif isinstance(value, str):
            names.append(value)
        else:
            raise SourceError(f"{what} at line {node.lineno} names no parameter: {value!r}",
                              node.lineno)
    return names


def is_constexpr_annotation(text: str) -> bool:
    # Mirrors triton/runtime/jit.py KernelParam.is_constexpr: "constexpr" in the annotation.
    return "constexpr" in text


def read_params(function: ast.FunctionDef) -> list[dict]:
    arguments = function.args
    positional = arguments.posonlyargs + arguments.args
    defaults = [None] * (len(positional) - len(arguments.defaults)) + list(arguments.defaults)
    pairs = list(zip(positional, defaults)) + list(zip(arguments.kwonlyargs, arguments.kw_defaults))
    params = []
    for arg, default in pairs:
        annotation = ""
        if isinstance(arg.annotation, ast.Constant) and isinstance(arg.annotation.value, str):
            annotation = arg.annotation.value  # a string annotation: "tl.constexpr"
        elif arg.annotation is not None:
            annotation = ast.unparse(arg.annotation)
        value, source = None, None
        if default is not None:
            source = ast.unparse(default)
            try:
                value = ast.literal_eval(default)
                json.dumps(value)
            except (ValueError, TypeError, SyntaxError):
                value = None
        params.append({"name": arg.arg, "constexpr": is_constexpr_annotation(annotation),
                       "annotation": annotation, "default": value,
                       "has_default": default is not None, "default_source": source})
    return params


def read_config(node: ast.AST) -> dict:
    if not (isinstance(node, ast.Call) and decorator_name(node) == "Config"):
        raise SourceError(f"an autotune configuration at line {node.lineno} is not a "
                          f"triton.Config(...) call ({ast.unparse(node)[:60]})", node.lineno)
    kwargs_node = keyword(node, "kwargs", 0)
    kwargs = literal(kwargs_node, "a triton.Config's kwargs") if kwargs_node is not None else {}
    if not isinstance(kwargs, dict) or not all(isinstance(k, str) for k in kwargs):
        raise SourceError(f"a triton.Config's kwargs at line {node.lineno} is not a dict "
                          "of parameter names", node.lineno)
    # Config's defaults: triton/runtime/autotuner.py Config.__init__.
    config = {"kwargs": kwargs, "num_warps": 4, "num_stages": 3, "num_ctas": 1, "maxnreg": None}
    for position, name in enumerate(("num_warps", "num_stages", "num_ctas", "maxnreg"), start=1):
        value_node = keyword(node, name, position)
        if value_node is not None:
            config[name] = literal(value_node, f"a triton.Config's {name}")
    config["line"] = node.lineno
    return config


def read_autotune(call: ast.Call, params: list[str]) -> dict:
    configs_node = keyword(call, "configs", 0)
    key_node = keyword(call, "key", 1)
    if configs_node is None:
        return {"error": f"the autotune decorator at line {call.lineno} has no configs",
                "line": call.lineno}
    if not isinstance(configs_node, (ast.List, ast.Tuple)):
        kind = type(configs_node).__name__
        if isinstance(configs_node, ast.Name):
            kind = f"the variable {configs_node.id}"
        elif isinstance(configs_node, ast.ListComp):
            kind = "a list comprehension"
        return {"error": f"the autotune configs at line {configs_node.lineno} are {kind}, not a "
                         "literal list of triton.Config(...); Tunebench reads them without "
                         "running the file", "line": configs_node.lineno}
    try:
        configs = [read_config(element) for element in configs_node.elts]
        key = literal_names(key_node, "the autotune key", params)
        reset_to_zero = literal_names(keyword(call, "reset_to_zero", 3), "reset_to_zero", params)
        restore_value = literal_names(keyword(call, "restore_value", 4), "restore_value", params)
    except SourceError as error:
        return {"error": str(error), "line": error.line}
    used = {"configs", "key", "reset_to_zero", "restore_value"}
    unread = [kw.arg for kw in call.keywords if kw.arg not in used]
    return {"configs": configs, "key": key, "line": call.lineno, "reset_to_zero": reset_to_zero,
            "restore_value": restore_value, "unread": unread}


def read_heuristics(call: ast.Call) -> list[str]:
    values = keyword(call, "values", 0)
    if isinstance(values, ast.Dict):
        return [k.value for k in values.keys if isinstance(k, ast.Constant)]
    return []


def parse_source(source: str) -> ast.Module:
    try:
        with open(source, encoding="utf-8") as file:
            text = file.read()
    except OSError as error:
        raise SourceError(f"cannot read {source}: {error.strerror}")
    try:
        return ast.parse(text, filename=source)
    except SyntaxError as error:
        raise SourceError(f"{source}:{error.lineno}: {error.msg}", error.lineno)


def inspect_source(source: str, entry: str) -> dict:
    tree = parse_source(source)
    functions = [node for node in tree.body
                 if isinstance(node, ast.FunctionDef) and node.name == entry]
    if not functions:
        raise SourceError(f"{source} has no top-level function {entry}")
    function = functions[-1]
    params = read_params(function)
    names = [p["name"] for p in params]
    jit = None
    autotune = None
    heuristics: list[str] = []
    for decorator in function.decorator_list:
        name = decorator_name(decorator)
        if name == "jit":
            jit = decorator
        elif name == "autotune" and isinstance(decorator, ast.Call):
            autotune = read_autotune(decorator, names)
        elif name == "heuristics" and isinstance(decorator, ast.Call):
            heuristics += read_heuristics(decorator)
    if jit is None:
        raise SourceError(f"{entry} (line {function.lineno}) is not decorated with @triton.jit",
                          function.lineno)
    jit_info = {"do_not_specialize": [], "do_not_specialize_on_alignment": []}
    if isinstance(jit, ast.Call):
        for option in jit_info:
            jit_info[option] = literal_names(keyword(jit, option), option, names)
    return {"params": params, "line": function.lineno, "jit": jit_info,
            "heuristics": heuristics, "autotune": autotune}


def op_inspect(request: dict) -> dict:
    source = absolute_path(request, "source")
    entry = field(request, "entry", str)
    return {"ok": True, **inspect_source(source, entry)}


def op_kernels(request: dict) -> dict:
    tree = parse_source(absolute_path(request, "source"))
    kernels = [{"name": node.name, "line": node.lineno} for node in tree.body
               if isinstance(node, ast.FunctionDef)
               and any(decorator_name(d) == "jit" for d in node.decorator_list)]
    return {"ok": True, "kernels": kernels}


# ---------------------------------------------------------------------------------------------
# compile
# ---------------------------------------------------------------------------------------------

# Triton's argument types, their C type in the launcher and their size in kernelParams.
# Mirrors triton/backends/nvidia/driver.py ty_to_cpp and FLOAT_STORAGE_TYPE: floats are
# packed to their own width (fp16/bf16 as uint16_t, fp32 as uint32_t).
C_TYPES = {
    "i1": ("int8_t", 1), "i8": ("int8_t", 1), "i16": ("int16_t", 2), "i32": ("int32_t", 4),
    "i64": ("int64_t", 8), "u1": ("uint8_t", 1), "u8": ("uint8_t", 1), "u16": ("uint16_t", 2),
    "u32": ("uint32_t", 4), "u64": ("uint64_t", 8), "fp16": ("uint16_t", 2),
    "bf16": ("uint16_t", 2), "fp32": ("uint32_t", 4), "f32": ("uint32_t", 4),
    "fp64": ("uint64_t", 8),
}
INTEGER_TYPES = {"i1", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"}
# Triton raises CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES for a kernel whose dynamic
# shared memory is above this, on a device that allows more (driver.c loadBinary).
DEFAULT_SHARED_LIMIT = 49152


def c_type_of(triton_type: str) -> tuple[str, int]:
    if triton_type.startswith("*"):
        return "CUdeviceptr", 8
    if triton_type not in C_TYPES:
        raise RequestError(f"the type {triton_type} is not one Tunebench launches "
                           f"(pointers *T or {', '.join(sorted(C_TYPES))})")
    return C_TYPES[triton_type]


class ModuleCache:
    """Loads each source file once, under a unique module name; again when its mtime changes."""

    def __init__(self):
        self._modules: dict[str, tuple[int, object]] = {}
        self._count = 0

    def load(self, source: str):
        try:
            mtime = os.stat(source).st_mtime_ns
        except OSError as error:
            raise SourceError(f"cannot read {source}: {error.strerror}")
        cached = self._modules.get(source)
        if cached is not None and cached[0] == mtime:
            return cached[1]
        self._count += 1
        name = f"tunebench_kernel_{self._count}"
        spec = importlib.util.spec_from_file_location(name, source)
        if spec is None or spec.loader is None:
            raise SourceError(f"cannot load {source} as a Python module")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        # The kernel file may import modules beside it.
        folder = os.path.dirname(source)
        sys.path.insert(0, folder)
        try:
            spec.loader.exec_module(module)
        except SyntaxError as error:
            del sys.modules[name]
            raise SourceError(f"{source}:{error.lineno}: {error.msg}", error.lineno)
        except Exception as error:
            del sys.modules[name]
            hint = ""
            if isinstance(error, ModuleNotFoundError):
                hint = (f" (the Triton environment has Triton only: keep code that needs "
                        f"{error.name} out of the kernel's file, or import it inside functions)")
            raise SourceError(f"loading {source} failed: {type(error).__name__}: {error}{hint}",
                              line_in(error, source))
        finally:
            sys.path.remove(folder)
        self._modules[source] = (mtime, module)
        return module


def line_in(error: BaseException, source: str) -> int | None:
    """The deepest line of the traceback that lies in the user's file."""
    line = None
    for frame in traceback.extract_tb(error.__traceback__):
        if os.path.abspath(frame.filename) == source:
            line = frame.lineno
    return line


def jit_function(module, entry: str, source: str):
    from triton.runtime.jit import JITFunction
    kernel = getattr(module, entry, None)
    if kernel is None:
        raise SourceError(f"{source} defines no {entry}")
    # @triton.autotune and @triton.heuristics wrap the JITFunction in .fn.
    while not isinstance(kernel, JITFunction) and hasattr(kernel, "fn"):
        kernel = kernel.fn
    if not isinstance(kernel, JITFunction):
        raise SourceError(f"{entry} in {source} is not a @triton.jit function")
    return kernel


def specialise(kernel, request: dict):
    """The signature, constexprs and attributes Triton's JIT would build for the arguments.

    Mirrors triton/runtime/jit.py create_function_from_signature (the binder) and
    JITFunction._pack_args, with native_specialize_impl's rules for ints and pointers:
    a constexpr parameter is "constexpr"; an unannotated int equal to 1 becomes the constant 1;
    a pointer or int divisible by 16 gets tt.divisibility 16 (BaseBackend.parse_attr("D")).
    do_not_specialize turns both off, do_not_specialize_on_alignment the divisibility. A
    parameter annotated with a type takes that type; annotated fp/bf/u1 ones are never
    specialised, annotated ints never become constants.
    """
    from triton.backends.compiler import BaseBackend
    types = field(request, "signature", dict)
    constants = field(request, "constants", dict, default={}, required=False)
    divisible = set(names_list(request, "divisible_by_16"))
    equal_to_1 = set(names_list(request, "equal_to_1"))
    names = [p.name for p in kernel.params]
    for name in list(types) + list(constants) + list(divisible) + list(equal_to_1):
        if name not in names:
            raise RequestError(f"{kernel.__name__} has no parameter {name}")

    signature, constexprs, attrs = {}, {}, {}
    applied = {"divisible_by_16": [], "equal_to_1": [], "ignored": {}}
    for param in kernel.params:
        name = param.name
        if param.is_constexpr:
            if name in constants:
                constexprs[name] = constants[name]
            elif param.has_default:
                constexprs[name] = param.default
            else:
                raise RequestError(f"the constexpr parameter {name} has no value in \"constants\"")
            signature[name] = "constexpr"
            continue
        if name in constants:
            raise RequestError(f"{name} is not a constexpr parameter; "
                               "give its type in \"signature\"")
        annotated = param.annotation_type
        if name not in types and not annotated:
            raise RequestError(f"the parameter {name} has no type in \"signature\"")
        triton_type = annotated or types[name]
        if not isinstance(triton_type, str):
            raise RequestError(f"the type of {name} must be a string")
        if triton_type.startswith("tensordesc"):
            raise RequestError(f"{name}: tensor descriptors are not supported")
        c_type_of(triton_type)
        pointer = triton_type.startswith("*")
        integer = triton_type in INTEGER_TYPES
        never = annotated and (annotated == "u1" or annotated[:2] in ("fp", "bf"))
        equal_to_1_ignored = False
        if name in equal_to_1:
            why = None
            if not integer:
                why = f"a {triton_type} is never specialised to a constant"
            elif param.do_not_specialize:
                why = "do_not_specialize"
            elif annotated:
                why = "an annotated int is never specialised to a constant"
            if why:
                applied["ignored"][name] = why
                # An annotated int equal to 1 gets neither a constant nor an attribute entry.
                equal_to_1_ignored = integer and bool(annotated) and not param.do_not_specialize
            else:
                signature[name] = "constexpr"
                constexprs[name] = 1
                applied["equal_to_1"].append(name)
                continue
        signature[name] = triton_type
        if not (pointer or integer) or never or param.do_not_specialize or equal_to_1_ignored:
            if name in divisible:
                applied["ignored"][name] = (
                    f"a {triton_type} has no divisibility" if not (pointer or integer) else
                    f"a parameter annotated {annotated} is never specialised" if never else
                    "do_not_specialize" if param.do_not_specialize else
                    "an annotated int equal to 1 has no divisibility")
            continue
        # The JIT gives every specialisable pointer and int an attribute entry, empty when the
        # argument is not divisible by 16 ("" from native_specialize_impl).
        aligned = name in divisible and not param.do_not_specialize_on_alignment
        if name in divisible and not aligned:
            applied["ignored"][name] = "do_not_specialize_on_alignment"
        attrs[(param.num, )] = BaseBackend.parse_attr("D" if aligned else "")
        if aligned:
            applied["divisible_by_16"].append(name)
    return signature, constexprs, attrs, applied


def compile_options(request: dict, kernel) -> dict:
    from triton.backends.nvidia.compiler import CUDAOptions
    options = field(request, "options", dict, default={}, required=False)
    known = CUDAOptions.__dataclass_fields__
    for name in options:
        if name not in known:
            raise RequestError(f"unknown compile option {name} (Triton's CUDAOptions has "
                               f"{', '.join(sorted(known))})")
    # JITFunction.run adds these two; the same values give the kernel the JIT would build.
    from triton import knobs
    options = {k: v for k, v in options.items() if v is not None}
    options["debug"] = bool(options.get("debug", kernel.debug) or knobs.runtime.debug)
    options["instrumentation_mode"] = knobs.compilation.instrumentation_mode
    return options


_DROP = object()


def json_safe(value):
    """value as JSON-serialisable data; _DROP where it has none (a function, a type)."""
    if hasattr(value, "_asdict"):
        value = value._asdict()
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = dataclasses.asdict(value)
    if isinstance(value, dict):
        items = ((str(k), json_safe(v)) for k, v in value.items())
        return {k: v for k, v in items if v is not _DROP}
    if isinstance(value, (list, tuple)):
        items = [json_safe(v) for v in value]
        return _DROP if any(v is _DROP for v in items) else items
    try:
        json.dumps(value)
        return value
    except (TypeError, ValueError):
        return _DROP


def launch_description(kernel, signature: dict, applied: dict, metadata: dict) -> dict:
    """What make_launcher in triton/backends/nvidia/driver.py passes to cuLaunchKernelEx."""
    arguments = []
    for param in kernel.params:
        triton_type = signature[param.name]
        if triton_type == "constexpr":
            continue
        c_type, size = c_type_of(triton_type)
        arguments.append({"name": param.name, "index": param.num, "type": triton_type,
                          "c_type": c_type, "bytes": size,
                          "divisible_by_16": param.name in applied["divisible_by_16"]})
    extra = []
    for scratch in ("global_scratch", "profile_scratch"):
        extra.append({"name": scratch, "type": "*i8", "c_type": "CUdeviceptr", "bytes": 8,
                      "size_per_program": metadata.get(f"{scratch}_size", 0),
                      "align": metadata.get(f"{scratch}_align", 1),
                      "allocated": "grid x * grid y * grid z * num_ctas * size_per_program "
                                   "bytes aligned to align, or a null pointer when "
                                   "size_per_program is 0"})
    num_ctas = metadata.get("num_ctas", 1)
    return {"arguments": arguments, "extra_params": extra,
            "block_dim": [metadata["num_warps"] * metadata.get("warp_size", 32), 1, 1],
            "grid_dim_x_multiplier": num_ctas, "cluster_dims": [num_ctas, 1, 1],
            "shared": metadata["shared"],
            "raise_max_dynamic_shared_above": DEFAULT_SHARED_LIMIT,
            "cooperative": bool(metadata.get("launch_cooperative_grid", False)),
            "pdl": bool(metadata.get("launch_pdl", False))}


def write_outputs(compiled, entry: str, out_dir: str, metadata: dict) -> dict:
    os.makedirs(out_dir, exist_ok=True)
    files = {}
    for ext in ("ttir", "ttgir", "llir", "ptx", "cubin"):
        if ext not in compiled.asm:
            continue
        path = os.path.join(out_dir, f"{entry}.{ext}")
        content = compiled.asm[ext]
        mode = "wb" if isinstance(content, bytes) else "w"
        with open(path, mode) as file:
            file.write(content)
        files[ext] = path
    path = os.path.join(out_dir, f"{entry}.json")
    with open(path, "w", encoding="utf-8") as file:
        json.dump(metadata, file, indent=1)
    files["metadata"] = path
    return files


def resource_usage(cubin: str, name: str) -> dict:
    """Registers, stack, static shared, local and constant bytes of the kernel, from the cubin.

    Triton reads registers and local memory with cuFuncGetAttribute, which needs a GPU; the
    cuobjdump that Triton's wheel bundles reads the same from the cubin, on any machine.
    """
    import triton.backends.nvidia as nvidia
    tool = os.path.join(os.path.dirname(nvidia.__file__), "bin", "cuobjdump")
    result = subprocess.run([tool, "-res-usage", cubin], capture_output=True, text=True,
                            timeout=60)
    if result.returncode != 0:
        raise RuntimeError(f"cuobjdump -res-usage failed: {result.stderr.strip()}")
    lines = result.stdout.splitlines()
    for index, line in enumerate(lines):
        if line.strip() == f"Function {name}:" and index + 1 < len(lines):
            values = dict(re.findall(r"([A-Z]+(?:\[\d+\])?):(\d+)", lines[index + 1]))
            local = int(values.get("LOCAL", 0))
            return {"registers": int(values.get("REG", 0)),
                    "stack": int(values.get("STACK", 0)),
                    "static_shared": int(values.get("SHARED", 0)),
                    "local": local, "constant0": int(values.get("CONSTANT[0]", 0)),
                    # Triton's own n_spills: local bytes / 4 (driver.c loadBinary).
                    "triton_n_spills": local // 4}
    raise RuntimeError(f"cuobjdump -res-usage does not list {name}")


def compile_error_line(error: BaseException, kernel, source: str) -> int | None:
    """The user's source line of a Triton compile error, or None."""
    from triton.compiler.errors import CompilationError
    from triton.runtime.jit import get_jit_fn_file_line
    seen = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, CompilationError) and hasattr(error.node, "lineno"):
            # node.lineno counts from the "def" line of the function whose source it holds.
            _, def_line = get_jit_fn_file_line(kernel)
            return def_line + error.node.lineno - 1
        error = error.__cause__ or error.__context__
    return None


def op_compile(request: dict, modules: ModuleCache) -> dict:
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    source = absolute_path(request, "source")
    entry = field(request, "entry", str)
    out_dir = absolute_path(request, "out_dir")
    target = field(request, "target", dict)
    arch = field(target, "arch", int)
    warp_size = field(target, "warp_size", int, default=32, required=False)
    module = modules.load(source)
    kernel = jit_function(module, entry, source)
    signature, constexprs, attrs, applied = specialise(kernel, request)
    options = compile_options(request, kernel)

    started = time.monotonic()
    cache_hits = []

    def listener(**kwargs):
        cache_hits.append(kwargs.get("cache_hit", False))

    from triton import knobs
    knobs.compilation.listener = listener
    # ptxas's report (registers, spills, shared memory) is what Tunebench records for every
    # build, as for CUDA C++: Triton prints it when asked, and only when ptxas runs, so its own
    # cache is bypassed (Tunebench caches the cubins in front of it).
    knobs.nvidia.dump_ptxas_log = True
    knobs.compilation.always_compile = True
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            compiled = triton.compile(ASTSource(kernel, signature, constexprs, attrs),
                                      target=GPUTarget("cuda", arch, warp_size), options=options)
    except Exception as error:
        line = compile_error_line(error, kernel, source)
        message = str(error) or type(error).__name__
        return {"ok": False, "kind": "compile", "error": message, "line": line}
    finally:
        knobs.compilation.listener = None
        log_text = printed.getvalue()
    seconds = time.monotonic() - started

    metadata = json_safe(compiled.metadata)
    metadata["cluster_dims"] = [metadata.get("num_ctas", 1), 1, 1]
    files = write_outputs(compiled, entry, out_dir, metadata)
    try:
        resources = resource_usage(files["cubin"], metadata["name"])
    except (OSError, RuntimeError, subprocess.TimeoutExpired) as error:
        resources = {"error": str(error)}
    return {"ok": True, "cubin": files["cubin"], "files": files, "metadata": metadata,
            "resources": resources,
            "launch": launch_description(kernel, signature, applied, metadata),
            "specialization": applied, "seconds": round(seconds, 6), "ptxas_log": log_text,
            "cache_hit": bool(cache_hits and cache_hits[-1])}


# ---------------------------------------------------------------------------------------------
# The loop
# ---------------------------------------------------------------------------------------------


def op_versions(_request: dict) -> dict:
    import triton
    return {"ok": True, "triton": triton.__version__, "python": platform.python_version(),
            "protocol": PROTOCOL_VERSION}


def protocol_stream():
    """A private duplicate of stdout for responses; fd 1 and sys.stdout then go to stderr.

    Triton and the tools it runs (ptxas) may print to stdout: the protocol must not see it.
    """
    protocol_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return os.fdopen(protocol_fd, "w", encoding="utf-8", buffering=1)


def respond(stream, response: dict) -> None:
    stream.write(json.dumps(response) + "\n")
    stream.flush()


def handle(line: str, modules: ModuleCache) -> dict | None:
    """The response to one request line; None for shutdown."""
    try:
        request = json.loads(line)
    except json.JSONDecodeError as error:
        return {"ok": False, "kind": "request", "error": f"not JSON: {error}"}
    if not isinstance(request, dict):
        return {"ok": False, "kind": "request", "error": "a request must be a JSON object"}
    op = request.get("op")
    try:
        if op == "versions":
            return op_versions(request)
        if op == "inspect":
            return op_inspect(request)
        if op == "kernels":
            return op_kernels(request)
        if op == "compile":
            return op_compile(request, modules)
        if op == "shutdown":
            return None
        return {"ok": False, "kind": "request", "error": f"unknown op {op!r} "
                "(versions, inspect, kernels, compile, shutdown)"}
    except RequestError as error:
        return {"ok": False, "kind": "request", "error": str(error)}
    except SourceError as error:
        return {"ok": False, "kind": "source", "error": str(error), "line": error.line}
    except Exception as error:  # A helper bug must not end the session: say it and go on.
        log(traceback.format_exc())
        return {"ok": False, "kind": "compile", "error": f"{type(error).__name__}: {error}",
                "line": None}


def remember_key(argv: list[str]) -> None:
    """With --key-cache DIR: Triton's build key kept in DIR (tunebench_triton_key.py)."""
    if len(argv) != 2 or argv[0] != "--key-cache":
        if argv:
            log(f"ignoring unknown arguments {argv} (known: --key-cache DIR)")
        return
    try:
        from tunebench_triton_key import remember_triton_key
        remember_triton_key(argv[1])
    except Exception as error:  # Triton missing or broken: "versions" says so, not this.
        log(f"Triton's key is not remembered: {type(error).__name__}: {error}")


def main() -> int:
    stream = protocol_stream()
    modules = ModuleCache()
    remember_key(sys.argv[1:])
    for line in sys.stdin:
        if not line.strip():
            continue
        response = handle(line, modules)
        if response is None:
            respond(stream, {"ok": True})
            return 0
        respond(stream, response)
    return 0


if __name__ == "__main__":
    sys.exit(main())
