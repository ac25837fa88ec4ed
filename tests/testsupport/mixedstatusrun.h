#pragma once

#include "model/parameter.h"
#include "model/result.h"
#include "model/resultfigure.h"
#include "model/runstate.h"
#include "spec/specloader.h"
#include "storage/store.h"

#include <QtGlobal>

#include <string>
#include <utility>
#include <vector>

// A finished run stored in a real workspace through the Store, with a result of every status
// on two problem sizes: what the exports for other tools (Kernel Tuner cache, T4) are checked
// against after their readers read them back.
namespace tbtest {

// A CPU spec with two problem sizes; ALPHA has a fraction, so not every value is whole.
inline std::string mixedStatusSpec(const std::string &name)
{
    return R"({
  "tunebench_spec": 1,
  "name": ")" +
           name + R"(",
  "backend": "cpu",
  "kernel": {"code": "void scale(const float *x, float *y, int n) {}", "entry": "scale",
             "language": "c"},
  "parameters": [{"name": "BLOCK", "values": [32, 64, 128, 256]},
                 {"name": "ALPHA", "values": [0.5, 1]}],
  "problem_sizes": [{"N": 4096}, {"N": 1024}],
  "arguments": [
    {"name": "x", "kind": "buffer", "type": "float32", "size": "N"},
    {"name": "y", "kind": "buffer", "type": "float32", "size": "N", "output": true},
    {"name": "n", "kind": "scalar", "type": "int32", "value": "N"}
  ],
  "metrics": [{"name": "GB/s", "expression": "2 * N * 4 / time / 1e9"}]
})";
}

inline tb::Result timedResult(double median, std::vector<double> samples)
{
    tb::Result result;
    result.samples = std::move(samples);
    result.summary = {
        median, median * 0.9, median * 1.05, median / 20, static_cast<int>(result.samples.size()),
        0.01};
    result.timer = "steady_clock";
    result.compileSeconds = 0.25;
    result.resources = {{"verify_seconds", 0.01}, {"measure_seconds", 0.05}};
    result.metrics = {{"GB/s", 2 * 4096 * 4 / median / 1e9}};
    result.device = "Test GPU 80GB";
    return result;
}

inline tb::Result failedResult(tb::ResultStatus status)
{
    tb::Result result;
    result.status = status;
    result.message = "it failed\nsecond line";
    result.compileSeconds = status == tb::ResultStatus::CompileError ? 0.5 : 0.25;
    return result;
}

inline std::string mixedConfigKey(const std::vector<double> &values)
{
    return "BLOCK=" + tb::formatValue(values[0]) + ",ALPHA=" + tb::formatValue(values[1]);
}

struct MixedStatusRun
{
    tb::Spec spec;
    tb::RunRecord run;
    std::vector<tb::StoredResult> results; // read back from the store, with samples
};

// Stores the run into `workspace` (created) and reads it back; qFatal on any failure, which is
// the fixture's, not the export's. Ten results: size 0 has two timed ones and one of every
// failure status (and one skipped by constraints), size 1 two timed ones.
inline MixedStatusRun storeMixedStatusRun(const std::string &workspace, const std::string &specName,
                                          const std::string &baseDirectory,
                                          const std::string &toolVersion = {})
{
    MixedStatusRun made;
    auto spec = tb::SpecLoader().parse(mixedStatusSpec(specName), baseDirectory);
    if (!spec)
        qFatal("the fixture's spec does not load: %s", spec.error().toString().c_str());
    made.spec = *spec;
    auto store = tb::Store::open(workspace);
    if (!store)
        qFatal("cannot open %s", workspace.c_str());
    auto specId = store->specs().save(made.spec);
    if (!specId)
        qFatal("cannot save the spec");
    made.run.specId = *specId;
    made.run.strategy = "brute_force";
    made.run.device = "cpu";
    made.run.host = "testhost";
    made.run.toolVersion = toolVersion;
    auto runId = store->runs().create(made.run);
    if (!runId)
        qFatal("cannot create the run");
    made.run.id = *runId;
    const auto save = [&](const std::vector<double> &values, std::size_t size,
                          const tb::Result &result) {
        if (!store->results().save(made.run.id, *specId, mixedConfigKey(values),
                                   tb::Configuration{values}, size, result))
            qFatal("cannot save a result");
    };
    using tb::ResultStatus;
    save({32, 0.5}, 0, timedResult(2e-3, {2.1e-3, 2e-3, 1.9e-3}));
    save({32, 1}, 0, timedResult(1.5e-3, {1.5e-3, 1.6e-3, 1.4e-3, 1.5e-3}));
    save({64, 0.5}, 0, failedResult(ResultStatus::CompileError));
    save({64, 1}, 0, failedResult(ResultStatus::InvalidLaunch));
    save({128, 0.5}, 0, failedResult(ResultStatus::WrongResult));
    save({128, 1}, 0, failedResult(ResultStatus::Timeout));
    save({256, 0.5}, 0, failedResult(ResultStatus::RuntimeError));
    save({256, 1}, 0, failedResult(ResultStatus::SkippedByConstraint));
    save({32, 0.5}, 1, timedResult(1e-4, {1e-4, 1.1e-4}));
    save({64, 1}, 1, timedResult(9e-5, {9e-5, 9.5e-5}));
    if (!store->runs().setState(made.run.id, tb::RunState::Finished))
        qFatal("cannot finish the run");
    auto results = store->results().ofRun(made.run.id, true);
    if (!results || results->size() != 10)
        qFatal("the stored run does not read back whole");
    made.results = *results;
    return made;
}

// The run's results with an energy run's figures on size 0's BLOCK=32, ALPHA=0.5 (0.42 J per
// launch, 210 W, 1980 MHz), as a CUDA worker with NVML records them; the rest keep none.
inline std::vector<tb::StoredResult> withEnergyFigures(std::vector<tb::StoredResult> results)
{
    for (tb::StoredResult &stored : results)
        if (stored.sizeIndex == 0 && stored.config.values == std::vector<double>{32, 0.5}) {
            stored.result.resources[tb::figures::kEnergyJoules] = 0.42;
            stored.result.resources[tb::figures::kPowerWatts] = 210;
            stored.result.resources[tb::figures::kSmClockMhz] = 1980;
        }
    return results;
}

} // namespace tbtest
