#pragma once

#include "model/configuration.h"
#include "model/engineerror.h"
#include "model/result.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace tb {

// Value snapshots a Session hands to its listener. Plain copies: a listener may keep them or
// move them to another thread (the GUI does).

struct SpaceSummary
{
    std::size_t sizeIndex = 0;
    std::string sizeLabel; // "N=512"
    std::uint64_t total = 0;
    std::uint64_t valid = 0;
    std::uint64_t rejected = 0;
    std::uint64_t planned = 0; // what this run will evaluate: valid capped by the budget
};

struct ResultEvent
{
    std::size_t sizeIndex = 0;
    std::string configKey;
    Configuration config;
    Result result;
    double objective = 0; // NaN unless the result is ok and the objective metric exists
    bool reused = false;  // taken from the store, not measured again
    bool newBest = false; // best of its problem size so far
};

struct Progress
{
    std::uint64_t done = 0;
    std::uint64_t total = 0;
    double elapsedSeconds = 0; // paused time excluded
    std::optional<double> etaSeconds;
    std::uint64_t inFlight = 0; // configurations with the workers now
    bool paused = false;        // the run issues nothing new until resumed
};

struct RunSummary
{
    std::int64_t runId = 0;
    std::uint64_t evaluated = 0; // results measured by this session
    std::uint64_t reused = 0;    // results already in the store
    std::uint64_t ok = 0;
    std::uint64_t failed = 0;
    bool stopped = false; // stopped by request before the plan was done
    double seconds = 0;
};

} // namespace tb
