#pragma once

#include "analysis/kernelset.h"
#include "model/expected.h"
#include "tasks/storedrun.h"

#include <QString>

#include <cstddef>
#include <string>

namespace tb {

// The engine's export formats as the Export dialog offers them. The values are stored in the
// settings (the last format used): append, never renumber.
enum class ExportFormat
{
    Json,            // tunebench-export: the best configuration of each problem size, versioned
    Csv,             // one row per result
    KernelTuner,     // a Kernel Tuner cache file of one problem size
    CppHeader,       // the winners as a C++ header
    KernelSetJson,   // the fewest configurations within a tolerance, as JSON
    KernelSetHeader, // the same kernel set as the C++ header's dispatch
    T4,              // a T4 results file of one problem size (the FAIR autotuning format)
    TritonConfigs,   // a Triton kernel's winners as a triton.Config list
};

enum class ExportScope
{
    BestPerSize, // the winner of each problem size under the spec's objective
    AllResults,  // every result of the run, failures included
};

struct ExportOptions
{
    ExportFormat format = ExportFormat::Json;
    ExportScope scope = ExportScope::BestPerSize;   // CSV only
    std::size_t sizeIndex = 0;                      // Kernel Tuner and T4 only
    std::string deviceName;                         // Kernel Tuner and T4; "" for the results' own
    double maxSlowdownPct = kDefaultMaxSlowdownPct; // the kernel set formats only
    // A run measured on several device models: whose results (exportedDevicePart()).
    std::string deviceModel;
};

// Whether a format can hold a scope: only the CSV can hold every result.
bool supportsScope(ExportFormat format, ExportScope scope);
// Which options a format reads, so the dialog shows only those.
bool usesProblemSize(ExportFormat format);
bool usesMaxSlowdown(ExportFormat format);

// The export text, exactly as the CLI's `export` command writes it for the same run and
// options (the CSV of the best per size holds the winners' rows only). The Kernel Tuner cache
// and the T4 file need the results' samples. Pure: call it from any thread.
Expected<std::string> renderExport(const StoredRun &run, const ExportOptions &options,
                                   const std::string &toolVersion);

// The first maxLines lines of text, and how many lines it has in all. At most maxBytes too (cut
// between characters), as a Kernel Tuner cache is one line however large the run; truncated
// says whether anything was left out.
QString firstLines(const std::string &text, int maxLines, int *totalLines,
                   std::size_t maxBytes = std::string::npos, bool *truncated = nullptr);

// A file suggestion whose extension follows the format: "<spec>-run<id>.json", ".csv", ".h",
// "-configs.py";
// the Kernel Tuner cache, the T4 file and the kernel set say so in the name, so they do not
// replace the JSON export of the same run.
QString suggestedFileName(const StoredRun &run, const ExportOptions &options);

// The file dialog's filter for a format: "JSON files (*.json);;All files (*)".
QString fileFilter(ExportFormat format);

} // namespace tb
