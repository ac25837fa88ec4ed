#pragma once

#include "session/sessionmetatypes.h"

#include <QVector>

#include <cstddef>
#include <functional>

class QWidget;

namespace tb {

class DeviceModelList;
class ResultsFeed;
class SizeChoice;
class ThrottledRecompute;
struct SpecOutline;

// What a per-size view of the Results page does when the run speaks.
struct SizedViewHandlers
{
    std::function<void(const SpecOutline &)> reset;               // the feed was cleared
    std::function<void(const QVector<ResultEvent> &)> addResults; // a batch arrived
    std::function<void()> recompute;                              // redraw the shown size
    std::function<void(std::size_t sizeIndex)> sizeChanged;       // after that redraw
};

// How the per-size views (Roofline, Energy) hear the run, in one place: the feed's clear and
// results reach `handlers`, its size labels reach `sizes`, and another size, or another device
// model chosen, recomputes. Returns the view's throttled recompute (at most every
// `intervalMs` while results stream in), owned by `view`, for the view's own triggers.
ThrottledRecompute *connectSizedView(QWidget *view, ResultsFeed *feed, SizeChoice *sizes,
                                     const DeviceModelList *deviceModels, int intervalMs,
                                     SizedViewHandlers handlers);

} // namespace tb
