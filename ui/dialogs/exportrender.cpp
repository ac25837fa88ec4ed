#include "exportrender.h"

#include "analysis/devicechoice.h"
#include "analysis/kernelset.h"
#include "export/exporter.h"
#include "export/kernelsetexport.h"
#include "export/t4export.h"

#include <QObject>

#include <algorithm>

namespace tb {

namespace {

Expected<std::string> renderCsv(const StoredRun &run, ExportScope scope)
{
    if (scope == ExportScope::AllResults)
        return exportCsv(run.spec, run.results);
    std::vector<StoredResult> best;
    for (auto &winner : bestPerSize(run.spec, run.results))
        if (winner)
            best.push_back(*winner);
    return exportCsv(run.spec, best);
}

Expected<std::string> renderKernelTuner(const StoredRun &run, const ExportOptions &options)
{
    auto cache =
        exportKernelTuner(run.spec, run.record, run.results, options.sizeIndex, options.deviceName);
    if (!cache)
        return cache.error();
    return std::move(cache->text);
}

// As the CLI's `export --format t4`.
Expected<std::string> renderT4(const StoredRun &run, const ExportOptions &options,
                               const std::string &toolVersion)
{
    auto t4 = exportT4(run.spec, run.record, run.results, options.sizeIndex, toolVersion,
                       options.deviceName);
    if (!t4)
        return t4.error();
    return std::move(t4->text);
}

// As the CLI's `--format kernelset` and `--format cpp --max-slowdown PCT`.
Expected<std::string> renderKernelSet(const StoredRun &run, const ExportOptions &options,
                                      const std::string &toolVersion)
{
    auto set = selectKernelSet(run.spec, run.record, run.results, options.maxSlowdownPct / 100);
    if (!set)
        return set.error();
    return options.format == ExportFormat::KernelSetHeader
               ? exportKernelSetHeader(run.spec, run.record, *set, toolVersion)
               : exportKernelSetJson(run.spec, run.record, *set, toolVersion);
}

// Backs up over UTF-8 continuation bytes, so a cut never splits a character.
std::size_t characterBoundary(const std::string &text, std::size_t cut)
{
    while (cut > 0 && cut < text.size() && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;
    return cut;
}

} // namespace

bool supportsScope(ExportFormat format, ExportScope scope)
{
    return format == ExportFormat::Csv || scope == ExportScope::BestPerSize;
}

bool usesProblemSize(ExportFormat format)
{
    return format == ExportFormat::KernelTuner || format == ExportFormat::T4;
}

bool usesMaxSlowdown(ExportFormat format)
{
    return format == ExportFormat::KernelSetJson || format == ExportFormat::KernelSetHeader;
}

Expected<std::string> renderExport(const StoredRun &whole, const ExportOptions &options,
                                   const std::string &toolVersion)
{
    // One device model's results: a run over mixed nodes is exported once per model.
    auto part = exportedDevicePart(whole.record, whole.results, options.deviceModel,
                                   "choose one as the Device model");
    if (!part)
        return part.error();
    const StoredRun run{std::move(part->run), whole.spec, std::move(part->results), whole.rounds};
    if (!supportsScope(options.format, options.scope))
        return makeError(EngineError::Code::InvalidArgument,
                         "only the CSV export can hold every result",
                         "choose CSV to export every result");
    switch (options.format) {
    case ExportFormat::Json:
        return exportJson(run.spec, run.record, run.results,
                          currentHost(toolVersion, run.record.device), run.rounds);
    case ExportFormat::Csv:
        return renderCsv(run, options.scope);
    case ExportFormat::KernelTuner:
        return renderKernelTuner(run, options);
    case ExportFormat::CppHeader:
        return exportCppHeader(run.spec, run.record, run.results, toolVersion);
    case ExportFormat::KernelSetJson:
    case ExportFormat::KernelSetHeader:
        return renderKernelSet(run, options, toolVersion);
    case ExportFormat::T4:
        return renderT4(run, options, toolVersion);
    case ExportFormat::TritonConfigs:
        return exportTritonConfigs(run.spec, run.record, run.results, toolVersion);
    }
    return makeError(EngineError::Code::InvalidArgument, "unknown export format");
}

QString firstLines(const std::string &text, int maxLines, int *totalLines, std::size_t maxBytes,
                   bool *truncated)
{
    int lines = 0;
    std::size_t cut = std::string::npos;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\n')
            continue;
        if (++lines == maxLines)
            cut = i + 1;
    }
    if (!text.empty() && text.back() != '\n')
        ++lines; // a last line without its newline still counts
    if (totalLines)
        *totalLines = lines;
    cut = std::min(cut, text.size());
    if (cut > maxBytes)
        cut = characterBoundary(text, maxBytes);
    if (truncated)
        *truncated = cut < text.size();
    return QString::fromUtf8(text.data(), qsizetype(cut));
}

QString suggestedFileName(const StoredRun &run, const ExportOptions &options)
{
    QString name = QString::fromStdString(run.spec.name);
    std::replace_if(
        name.begin(), name.end(), [](QChar c) { return !c.isLetterOrNumber() && c != u'_'; }, u'-');
    if (name.isEmpty())
        name = QStringLiteral("tunebench");
    name += QStringLiteral("-run%1").arg(run.record.id);
    switch (options.format) {
    case ExportFormat::Json:
        return name + QStringLiteral(".json");
    case ExportFormat::Csv:
        return name + QStringLiteral(".csv");
    case ExportFormat::KernelTuner:
        return name + QStringLiteral("-size%1-cache.json").arg(options.sizeIndex);
    case ExportFormat::CppHeader:
        return name + QStringLiteral(".h");
    case ExportFormat::KernelSetJson:
        return name + QStringLiteral("-kernelset.json");
    case ExportFormat::KernelSetHeader:
        return name + QStringLiteral("-kernelset.h");
    case ExportFormat::T4:
        return name + QStringLiteral("-size%1-t4.json").arg(options.sizeIndex);
    case ExportFormat::TritonConfigs:
        return name + QStringLiteral("-configs.py");
    }
    return name;
}

QString fileFilter(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Csv:
        return QObject::tr("CSV files (*.csv);;All files (*)");
    case ExportFormat::CppHeader:
    case ExportFormat::KernelSetHeader:
        return QObject::tr("C++ headers (*.h);;All files (*)");
    case ExportFormat::TritonConfigs:
        return QObject::tr("Python files (*.py);;All files (*)");
    default:
        return QObject::tr("JSON files (*.json);;All files (*)");
    }
}

} // namespace tb
