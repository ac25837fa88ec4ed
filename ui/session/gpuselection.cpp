#include "gpuselection.h"

#include <QObject>

namespace tb {

QString noEnabledGpuReason(const std::optional<QStringList> &enabled)
{
    if (!enabled || enabled->isEmpty())
        return QObject::tr("no GPU is enabled in Preferences (Devices)");
    return QObject::tr("none of the GPUs enabled in Preferences (Devices: %1) is present")
        .arg(enabled->join(QStringLiteral(", ")));
}

} // namespace tb
