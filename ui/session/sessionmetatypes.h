#pragma once

#include "model/devicepeaks.h"
#include "run/sessionevents.h"

#include <QMetaType>

// Session event snapshots travel in queued signals from the run's thread to the GUI thread.
Q_DECLARE_METATYPE(tb::SpaceSummary)
Q_DECLARE_METATYPE(tb::ResultEvent)
Q_DECLARE_METATYPE(tb::Progress)
Q_DECLARE_METATYPE(tb::RunSummary)
Q_DECLARE_METATYPE(tb::RoundStart)
Q_DECLARE_METATYPE(tb::RoundEvent)
Q_DECLARE_METATYPE(tb::BenchLane)
Q_DECLARE_METATYPE(tb::DevicePeaks)
