#pragma once

#include "model/configuration.h"
#include "model/engineerror.h"
#include "model/result.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

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
    // When the session recorded it: seconds since the run started, paused time excluded (a
    // convergence plot against wall time); a stored run's reader gives the store's times.
    double elapsedSeconds = 0;
    // Measured in more than one process round (measurement.process_rounds): each ok round's
    // median, round 1 first; `result` then holds them combined. Empty for one round.
    std::vector<double> roundMedians;
    std::vector<double> roundClocks; // the SM clock of each of those rounds (0: none known)
};

// An extra round (measurement.process_rounds) begins, in fresh worker processes.
struct RoundStart
{
    int round = 2;
    int rounds = 2;            // in all, the search's own round 1 included
    int maxRounds = 2;         // past `rounds`, only finalists whose rounds disagree...
    double agreeWithin = 0.01; // ... by more than this fraction of their median
    std::size_t finalists = 0; // chosen for the rounds, over all sizes
    std::size_t toMeasure = 0; // of them still to be measured in this round
};

// A finalist measured again in an extra round.
struct RoundEvent
{
    std::size_t sizeIndex = 0;
    std::string configKey;
    Configuration config;
    int round = 2;
    Result measured;             // this round's own result (ok or failed)
    Result combined;             // the finalist's result now: every ok round together
    std::vector<double> medians; // of the finalist's ok rounds so far, round 1 first
    std::vector<double> clocks;  // the SM clock each of those was timed at (0: none known)
    double objective = 0;        // of combined; NaN unless it exists
    // Read from the store when a resumed run chose its finalists, not measured now: `measured`
    // is the latest stored round (without samples), `medians` every stored round's.
    bool stored = false;
};

struct Progress
{
    std::uint64_t done = 0;
    std::uint64_t total = 0;
    double elapsedSeconds = 0; // paused time excluded
    std::optional<double> etaSeconds;
    std::uint64_t inFlight = 0; // configurations with the workers now
    bool paused = false;        // the run issues nothing new until resumed
    std::uint64_t gpus = 0;     // bench workers of a CUDA run (one per GPU); 0 for the CPU
    std::uint64_t gpusBusy = 0; // of them measuring a configuration now
};

// What one bench worker (one per GPU; the CPU backend's one measuring worker) is doing now.
// Told for every lane when the workers start, and again whenever a lane changes.
struct BenchLane
{
    std::size_t lane = 0;      // 0..lanes-1, in the order of the run's GPUs
    std::size_t lanes = 1;     // bench workers in all
    std::string device;        // "NVIDIA H100 80GB HBM3"; "CPU" for the CPU backend
    std::string visibleDevice; // its CUDA_VISIBLE_DEVICES value; "" for the CPU
    bool busy = false;         // measuring `configKey` of `sizeIndex`; else idle
    std::size_t sizeIndex = 0;
    std::string sizeLabel; // "N=512"
    std::string configKey;
    int round = 1; // 2.. while measuring a finalist again
    // A launched measuring worker's location ("srun task 2", "ssh node1"); "" here.
    std::string location;
    bool restarting = false; // its worker is being started again (after a loss or a crash)
    std::string dropped;     // non-empty: the location was dropped, and why; the run goes on

    bool operator==(const BenchLane &) const = default;
};

// A problem size the run had to give up on: its reference configuration could not give the
// outputs to verify against. Its configurations are left unmeasured, not failed: a later run of
// the spec (with the reference mended) measures them.
struct SizeFailure
{
    std::size_t sizeIndex = 0;
    std::string sizeLabel;
    std::string message; // names the reference configuration and what went wrong
};

struct RunSummary
{
    std::int64_t runId = 0;
    std::uint64_t evaluated = 0; // results measured by this session
    std::uint64_t reused = 0;    // results already in the store
    std::uint64_t ok = 0;
    std::uint64_t failed = 0;
    std::uint64_t roundsMeasured = 0;      // finalists measured again by this session
    std::uint64_t stoppedEarly = 0;        // measured results whose sampling exited early
    bool stopped = false;                  // ended before the plan was done (request or failures)
    std::vector<SizeFailure> sizeFailures; // sizes given up on, in the order they failed
    double seconds = 0;
};

} // namespace tb
