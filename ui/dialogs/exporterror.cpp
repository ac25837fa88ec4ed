#include "exporterror.h"

namespace tb {

QString describeExportError(const EngineError &error)
{
    QString text = QString::fromStdString(error.message);
    if (!error.detail.empty())
        text += QStringLiteral(" (") + QString::fromStdString(error.detail) + QLatin1Char(')');
    return text;
}

} // namespace tb
