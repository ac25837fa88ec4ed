#pragma once

#include "model/resultstatus.h"

#include <QColor>
#include <QIcon>

namespace tb {

// How a result's status looks in tables and lists: green for ok, red for a failure of the
// config (compile error, wrong result, crash...), amber for a timeout, grey for a config the
// constraints skipped. One colour, one painted dot per status, made once.
QColor statusColor(ResultStatus status);
QIcon statusIcon(ResultStatus status);
// An ok result whose time comes with caveats (measurementCaveats): the ok dot ringed in amber.
QIcon cautionIcon();

} // namespace tb
