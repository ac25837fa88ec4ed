#include "chosenmodelresults.h"

#include "devicemodellist.h"
#include "resultsfeed.h"
#include "resultsmodel.h"

namespace tb {

ChosenModelResults::ChosenModelResults(ResultsFeed *feed, const DeviceModelList *deviceModels,
                                       QObject *parent)
    : QObject(parent), m_feed(feed), m_deviceModels(deviceModels)
{
    connect(feed, &ResultsFeed::cleared, this, [this](const SpecOutline &outline) {
        m_counted = 0;
        emit restarted(outline, false);
    });
    connect(feed, &ResultsFeed::resultsAdded, this, &ChosenModelResults::takeNewRows);
    connect(deviceModels, &DeviceModelList::choiceChanged, this,
            &ChosenModelResults::restartWithChoice);
    // Rows already in the model when this is made are not handed on: a view reads results().
    m_counted = feed->model()->rowCount();
}

bool ChosenModelResults::accepts(const std::string &device) const
{
    return m_deviceModels->accepts(device);
}

QVector<ResultEvent> ChosenModelResults::results() const
{
    const ResultsModel *model = m_feed->model();
    QVector<ResultEvent> chosen;
    for (int row = 0; row < model->rowCount(); ++row)
        if (accepts(model->resultAt(row).result.device))
            chosen.append(model->resultAt(row));
    return chosen;
}

void ChosenModelResults::takeNewRows()
{
    const ResultsModel *model = m_feed->model();
    QVector<ResultEvent> batch;
    for (; m_counted < model->rowCount(); ++m_counted)
        if (accepts(model->resultAt(m_counted).result.device))
            batch.append(model->resultAt(m_counted));
    if (!batch.isEmpty())
        emit resultsAdded(batch);
}

void ChosenModelResults::restartWithChoice()
{
    emit restarted(m_feed->outline(), true);
    const QVector<ResultEvent> chosen = results();
    m_counted = m_feed->model()->rowCount();
    if (!chosen.isEmpty())
        emit resultsAdded(chosen);
}

} // namespace tb
