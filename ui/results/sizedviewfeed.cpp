#include "sizedviewfeed.h"

#include "sizechoice.h"
#include "throttledrecompute.h"

#include "models/devicemodellist.h"
#include "models/resultsfeed.h"

#include <QWidget>

namespace tb {

ThrottledRecompute *connectSizedView(QWidget *view, ResultsFeed *feed, SizeChoice *sizes,
                                     const DeviceModelList *deviceModels, int intervalMs,
                                     SizedViewHandlers handlers)
{
    auto *recompute = new ThrottledRecompute(view, intervalMs, handlers.recompute);
    QObject::connect(feed, &ResultsFeed::cleared, view, handlers.reset);
    QObject::connect(feed, &ResultsFeed::sizeLabelChanged, sizes, &SizeChoice::setLabel);
    QObject::connect(sizes, &SizeChoice::changed, view, [handlers](std::size_t size) {
        handlers.recompute();
        handlers.sizeChanged(size);
    });
    if (deviceModels)
        QObject::connect(deviceModels, &DeviceModelList::choiceChanged, recompute,
                         &ThrottledRecompute::schedule);
    QObject::connect(feed, &ResultsFeed::resultsAdded, view, handlers.addResults);
    return recompute;
}

} // namespace tb
