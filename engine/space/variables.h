#pragma once

#include "model/configuration.h"
#include "model/spec.h"

#include <cstddef>
#include <string>
#include <vector>

namespace tb {

// The names a spec expression may use, in a fixed order: the parameters, then the problem-size
// variables. Values for them come from configurationValues() in the same order, so an Expression
// compiled against the names can be evaluated on the values directly.
std::vector<std::string> configurationVariableNames(const Spec &spec);
std::vector<double> configurationValues(const Spec &spec, const Configuration &config,
                                        std::size_t sizeIndex);

// "M=1024,N=1024": how a problem size is named in events, tables and logs.
std::string problemSizeLabel(const Spec &spec, std::size_t sizeIndex);

// "0: M=1024,N=1024, 1: M=4096,N=4096": every size with its index, for errors that ask the
// user to pick one (a spec without sizes has one, "0").
std::string problemSizeList(const Spec &spec);

// "the reference configuration BM=32,BN=32": how messages name verification.reference (set).
std::string referenceLabel(const Spec &spec);

// Derived metrics may also use `time` (the median, seconds) and `energy` (joules per launch,
// measurement.energy_seconds), after the names above, in that order.
inline constexpr const char *kTimeVariable = "time";
inline constexpr const char *kEnergyVariable = "energy";
std::vector<std::string> metricVariableNames(const Spec &spec);

} // namespace tb
