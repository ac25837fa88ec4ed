#pragma once

#include <CLI/CLI.hpp>

// Checks of the command line's numbers. CLI11's own (PositiveNumber, Range) print their range
// with DBL_MAX in full ("Value 0 not in range 0.000000 to 17976931..."): these say what the
// option needs, in words.
namespace tb {

// A whole number of at least `minimum` ("--top: needs a whole number of 0 or more, got -1").
CLI::Validator wholeNumberAtLeast(long long minimum);

// A number of seconds above zero.
CLI::Validator positiveSeconds();

// A percentage from 0 to 100.
CLI::Validator percentage();

// A percentage of 0 or more (a slowdown: 300% is four times as slow).
CLI::Validator nonNegativePercentage();

} // namespace tb
