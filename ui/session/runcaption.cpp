#include "runcaption.h"

#include "models/enginetext.h"
#include "tasks/importedruns.h"

#include <QCoreApplication>

namespace tb {

namespace {

QString q(const std::string &text)
{
    return QString::fromStdString(text);
}

QString tr(const char *text, int n = -1)
{
    return QCoreApplication::translate("RunCaption", text, nullptr, n);
}

// "2024-05-01T12:30:05.123Z" -> "2024-05-01 12:30"
QString shortTime(const std::string &iso)
{
    return q(iso).left(16).replace(QLatin1Char('T'), QLatin1Char(' '));
}

} // namespace

QString runStateText(RunState state)
{
    return viewText(toString(state));
}

QString runDeviceText(const RunRecord &run)
{
    return run.device.empty() ? tr("device not recorded") : q(run.device);
}

QString runOriginText(const RunRecord &run)
{
    if (!run.imported())
        return {};
    return tr("imported from %1 %2").arg(q(originName(run.origin)), q(run.sourceFile));
}

QString runListText(const RunRecord &run)
{
    const QString line = tr("Run %1 · %2 · %3 · %n result(s) · %4 · %5", int(run.resultCount))
                             .arg(run.id)
                             .arg(q(run.specName), runStateText(run.state),
                                  shortTime(run.startedAt), runDeviceText(run));
    return run.imported() ? line + QStringLiteral(" · ") + runOriginText(run) : line;
}

QString runToolTip(const RunRecord &run)
{
    if (run.imported())
        // An imported run has no strategy, host or Tunebench version: the other tool ran it.
        return tr("Imported from %1 %2 on %3\nMeasured on %4 by that tool\nContent %5")
            .arg(q(originName(run.origin)), q(run.sourceFile), q(run.startedAt), runDeviceText(run),
                 q(run.sourceHash));
    return tr("Strategy %1 on %2 (%3), Tunebench %4\nStarted %5%6")
        .arg(q(run.strategy), q(run.host), runDeviceText(run), q(run.toolVersion), q(run.startedAt),
             run.finishedAt.empty() ? QString() : tr(", finished %1").arg(q(run.finishedAt)));
}

QString importedRunNote(const RunRecord &run)
{
    if (!run.imported())
        return {};
    // What differs from a native run's figures: importedresult.h keeps the tool's mean as the
    // median, and a configuration recorded without samples counts as one.
    return tr("Run %1 on %2, %3: its times are the means that tool recorded, its samples "
              "those the file lists (none: one sample, no uncertainty); no process rounds.")
        .arg(run.id)
        .arg(runDeviceText(run), runOriginText(run));
}

} // namespace tb
