#pragma once

#include "model/engineerror.h"

#include <QString>

namespace tb {

// An engine error as the Export dialog shows it: "message (detail)", or the message alone.
QString describeExportError(const EngineError &error);

} // namespace tb
