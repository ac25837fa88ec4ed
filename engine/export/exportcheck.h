#pragma once

#include "model/configuration.h"
#include "model/expected.h"
#include "model/spec.h"
#include "storage/storerecords.h"

#include <optional>
#include <string>
#include <vector>

namespace tb {

// One configuration a JSON export ships: the winner of one problem size, as exported.
struct ShippedConfig
{
    std::size_t sizeIndex = 0;
    std::string sizeLabel; // "N=4096"
    std::string configKey; // as the run stored it
    double medianSeconds = 0;
    std::optional<double> relativeHalfWidth; // of the median's ~95% interval; older exports lack it
    Configuration config; // its parameter values: a configuration verify measures once more
};

// What `verify` needs from a JSON export (exportJson()): the spec it was tuned with, narrowed
// to the shipped configurations, and what they measured then.
struct ExportCheckPlan
{
    // The exported spec with one more constraint that admits, for each problem size, only its
    // shipped configuration and the verification reference, and strategy brute_force without
    // budgets: a run of it measures the shipped configurations through the normal pipeline
    // (rounds and output verification included).
    Spec spec;
    std::vector<ShippedConfig> shipped;
    std::string device;      // the GPU (or "cpu") the export's run measured on
    std::string toolVersion; // Tunebench version of that run
    std::string specHash;
};

// Reads an export's text. InvalidInput, naming `path` and the field, when it is not a
// tunebench export, has no spec document (exports made before `verify` existed: export the run
// again) or no winner at all.
Expected<ExportCheckPlan> readExportCheckPlan(const std::string &exportText,
                                              const std::string &path);

// How one shipped configuration measures now against the export.
struct ExportCheckRow
{
    enum class Verdict
    {
        Held,         // not slower than the threshold allows
        Slower,       // slower beyond the threshold and beyond both medians' uncertainty
        Inconclusive, // beyond the threshold, within the uncertainty: measure longer
        Failed,       // did not run ok now (status and message in `message`)
        Missing       // no result: the run stopped before it
    };
    ShippedConfig shipped;
    std::optional<double> newMedianSeconds;
    std::optional<double> newRelativeHalfWidth;
    std::optional<double> changePercent; // (new - old) / old * 100; positive is slower
    Verdict verdict = Verdict::Missing;
    std::string message;
    // The machine was busy while it was measured (measuredOnBusyHost): a slowdown then is
    // inconclusive, as other processes' work can cause it.
    bool busyHost = false;
};

const char *toString(ExportCheckRow::Verdict verdict);

// How much slower than exported a configuration measured on a busy machine may read before the
// load alone cannot explain it, while its thread kept its CPU. Beside busy loops on 2-CPU
// machines unchanged kernels read up to +25% (CI) and +47%, and kernels really twice as slow
// mostly +86% and more (bench/results/reliability.md). A thread that lost its CPU read +79%.
inline constexpr double kBusyHostAllowancePercent = 70;

// The most a busy machine can slow a median, in per cent: the allowance above, times what waits
// can add where the measuring thread waited for its CPU a share `cpuWait` of the sampling
// (figures::kCpuWait): (1 + w) / (1 - w), since half the samples must hold the waits. A share of
// 0.45 reaches +348%; a kernel really 50 times slower (+4,900%) stays SLOWER below 0.93.
double busyHostReachPercent(double cpuWait);

// One row per shipped configuration from the new run's results. Slower when the new median
// exceeds the exported one by more than `thresholdPercent` per cent and the change is beyond
// what the two medians are uncertain by (both half-widths, Compare's test:
// ComparedResult::beyondUncertainty()); beyond the threshold only, Inconclusive with the
// message "measure longer": a noisy measurement is not a slowdown (issue 34). Slower on a busy
// machine (measuredOnBusyHost) by at most busyHostReachPercent is Inconclusive too, its
// message naming the load. An export that recorded no half-width counts the new median's alone.
std::vector<ExportCheckRow> compareWithExport(const ExportCheckPlan &plan,
                                              const std::vector<StoredResult> &results,
                                              double thresholdPercent);

// What differs between the export's environment and this one ("device: NVIDIA H100 -> NVIDIA
// A100"), empty when nothing recorded differs. `device` names the measuring GPU model ("cpu"
// for the CPU backend); a side that recorded no name is not compared.
std::vector<std::string> environmentChanges(const ExportCheckPlan &plan, const std::string &device,
                                            const std::string &toolVersion);

} // namespace tb
