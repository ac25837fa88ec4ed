#include "exportrender.h"

#include "export/exporter.h"

#include <algorithm>

namespace tb {

bool supportsScope(ExportFormat format, ExportScope scope)
{
    return format == ExportFormat::Csv || scope == ExportScope::BestPerSize;
}

Expected<std::string> renderExport(const StoredRun &run, const ExportOptions &options,
                                   const std::string &toolVersion)
{
    if (!supportsScope(options.format, options.scope))
        return makeError(EngineError::Code::InvalidArgument,
                         "the JSON export holds the best configuration per problem size only",
                         "choose CSV to export every result");
    if (options.format == ExportFormat::Json)
        return exportJson(run.spec, run.record, run.results,
                          currentHost(toolVersion, run.record.device), run.rounds);
    if (options.scope == ExportScope::AllResults)
        return exportCsv(run.spec, run.results);
    std::vector<StoredResult> best;
    for (auto &winner : bestPerSize(run.spec, run.results))
        if (winner)
            best.push_back(*winner);
    return exportCsv(run.spec, best);
}

QString firstLines(const std::string &text, int maxLines, int *totalLines)
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
    return QString::fromUtf8(text.data(), qsizetype(std::min(cut, text.size())));
}

QString suggestedFileName(const StoredRun &run, ExportFormat format)
{
    QString name = QString::fromStdString(run.spec.name);
    std::replace_if(
        name.begin(), name.end(), [](QChar c) { return !c.isLetterOrNumber() && c != u'_'; }, u'-');
    if (name.isEmpty())
        name = QStringLiteral("tunebench");
    return QStringLiteral("%1-run%2.%3")
        .arg(name)
        .arg(run.record.id)
        .arg(format == ExportFormat::Json ? QStringLiteral("json") : QStringLiteral("csv"));
}

} // namespace tb
