#pragma once

#include "session/sessionmetatypes.h"
#include "session/specoutline.h"

#include <QObject>
#include <QVector>

namespace tb {

class DeviceModelList;
class ResultsFeed;

// The results of the run on show that its views may put together: in a run measured on
// several device models, only the chosen model's (DeviceModelList); every result otherwise.
// A view that would mix the models' times (the parameter effect, the failure counts) listens
// here instead of to the feed: `resultsAdded` brings only the chosen model's new results, and
// another choice (or the run turning mixed) restarts the view with the chosen model's results
// so far (`restarted`, then one `resultsAdded`). The rows are counted off the results model,
// not off the batches, so the order in which the feed and the model list hear of a batch
// never counts a result twice.
class ChosenModelResults : public QObject
{
    Q_OBJECT
public:
    ChosenModelResults(ResultsFeed *feed, const DeviceModelList *deviceModels,
                       QObject *parent = nullptr);

    // Whether a result measured on `device` is among them.
    bool accepts(const std::string &device) const;
    // All of them now, in arrival order.
    QVector<ResultEvent> results() const;

signals:
    // Start over, empty: a new run (its outline), or another model chosen (the same outline).
    void restarted(const tb::SpecOutline &outline, bool sameRun);
    void resultsAdded(const QVector<tb::ResultEvent> &batch);

private:
    void takeNewRows();
    void restartWithChoice();

    ResultsFeed *m_feed;
    const DeviceModelList *m_deviceModels;
    int m_counted = 0; // rows of the results model handed on (or passed over) so far
};

} // namespace tb
