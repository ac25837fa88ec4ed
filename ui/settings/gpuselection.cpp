#include "gpuselection.h"

#include <QObject>

namespace tb {

std::vector<std::string> selectGpus(const std::vector<std::string> &found,
                                    const std::optional<QStringList> &enabled)
{
    if (!enabled)
        return found;
    std::vector<std::string> selected;
    for (const std::string &gpu : found)
        if (enabled->contains(QString::fromStdString(gpu)))
            selected.push_back(gpu);
    return selected;
}

QString noEnabledGpuReason(const std::optional<QStringList> &enabled)
{
    if (!enabled || enabled->isEmpty())
        return QObject::tr("no GPU is enabled in Preferences (Devices)");
    return QObject::tr("none of the GPUs enabled in Preferences (Devices: %1) is present")
        .arg(enabled->join(QStringLiteral(", ")));
}

} // namespace tb
