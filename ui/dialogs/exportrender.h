#pragma once

#include "model/expected.h"
#include "session/storedrun.h"

#include <QString>

#include <string>

namespace tb {

// The engine's export formats as the Export dialog offers them.
enum class ExportFormat
{
    Json, // tunebench-export: the best configuration of each problem size, versioned
    Csv,  // one row per result
};

enum class ExportScope
{
    BestPerSize, // the winner of each problem size under the spec's objective
    AllResults,  // every result of the run, failures included
};

struct ExportOptions
{
    ExportFormat format = ExportFormat::Json;
    ExportScope scope = ExportScope::BestPerSize;
};

// Whether a format can hold a scope: the JSON export is by definition the winners only.
bool supportsScope(ExportFormat format, ExportScope scope);

// The export text, exactly as the CLI's `export` command writes it for the same run and
// format (the CSV of the best per size holds the winners' rows only). Pure: call it from any
// thread.
Expected<std::string> renderExport(const StoredRun &run, const ExportOptions &options,
                                   const std::string &toolVersion);

// The first maxLines lines of text, and how many lines it has in all.
QString firstLines(const std::string &text, int maxLines, int *totalLines);

// A file suggestion: "<spec>-run<id>.json".
QString suggestedFileName(const StoredRun &run, ExportFormat format);

} // namespace tb
