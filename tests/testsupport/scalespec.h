#pragma once

#include <string>

namespace tbtest {

// A small CPU spec the export and import tests store runs of by hand (never measured): two
// parameters, ALPHA with a fraction so not every value is whole, and two problem sizes.
inline std::string scaleSpec(const std::string &name)
{
    return R"({
  "tunebench_spec": 1,
  "name": ")" +
           name + R"(",
  "backend": "cpu",
  "kernel": {"code": "void scale(const float *x, float *y, int n) {}", "entry": "scale",
             "language": "c"},
  "parameters": [{"name": "BLOCK", "values": [32, 64]}, {"name": "ALPHA", "values": [0.5, 1]}],
  "problem_sizes": [{"N": 4096}, {"N": 1024}],
  "arguments": [
    {"name": "x", "kind": "buffer", "type": "float32", "size": "N"},
    {"name": "y", "kind": "buffer", "type": "float32", "size": "N", "output": true},
    {"name": "n", "kind": "scalar", "type": "int32", "value": "N"}
  ]
})";
}

} // namespace tbtest
