#pragma once

#include "model/expected.h"

#include <string>

namespace tb {

// A Kernel Tuner restriction, a Python boolean expression over the tunable parameters as a
// cache file or a tuning script writes it, in the spec's expression dialect (Expression):
// "32 <= block_size_x * block_size_y < 1024 and tile % 2 == 0" becomes
// "(((32 <= (block_size_x * block_size_y)) && ((block_size_x * block_size_y) < 1024)) &&
// ((tile % 2) == 0))". Python is parsed, never run: the operators and literals restrictions
// use (and, or, not, comparisons and their chains, in and not in a list or tuple, + - * / // %
// **, min, max, abs, float, x if c else y, True, False). Anything else (strings, calls of other
// functions, attributes, subscripts, lambdas) is InvalidArgument saying what and where.
Expected<std::string> translatePythonRestriction(const std::string &python);

} // namespace tb
