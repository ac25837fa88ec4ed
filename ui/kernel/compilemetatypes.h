#pragma once

#include "tasks/compileoutcome.h"

#include <QMetaType>

// A compile's outcome travels in queued signals from the compile's thread to the GUI thread.
Q_DECLARE_METATYPE(tb::CompileOutcome)
