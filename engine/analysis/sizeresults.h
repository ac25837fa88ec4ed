#pragma once

#include "storage/storerecords.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace tb {

// What the one-size exports for other tools (Kernel Tuner cache, T4 results) share: which
// results of a size go in the file, the device they name, and numbers and timestamps as
// Python-based readers expect them.

// The results measured (timed or failed) on one problem size, in storage order. A configuration
// the constraints skipped was never run; a compile-only result has no time.
struct SizeResults
{
    std::vector<const StoredResult *> recorded;
    std::size_t failures = 0; // recorded results that did not run ok
    std::size_t untimed = 0;  // compile-only results of the size
};
SizeResults collectSizeResults(const std::vector<StoredResult> &results, std::size_t sizeIndex);

// Why the size cannot be exported ("it has no result of problem size 2", or compile-only
// results: leaving them out would hand a replay a smaller space than the run had), else nullopt.
std::optional<std::string> unexportableReason(const SizeResults &size, std::size_t sizeIndex);

// The GPU the size's results name (stored since schema 4), else the run's backend and host.
std::string measuringDevice(const RunRecord &run, const std::vector<StoredResult> &results,
                            std::size_t sizeIndex);

// 64, not 64.0: Python's json.load gives an int, and Kernel Tuner keys and compares
// configurations by the str() of those values.
nlohmann::ordered_json pythonNumber(double value);

// Python's str() of an aware UTC datetime, "2023-12-22 09:54:05.502007+00:00", from the store's
// "2026-11-26T08:13:14.561Z".
std::string pythonTimestamp(std::string stored);

} // namespace tb
