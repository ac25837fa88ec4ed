#include "resultsfeed.h"

#include "resultsmodel.h"

namespace tb {

ResultsFeed::ResultsFeed(QObject *parent) : QObject(parent), m_model(new ResultsModel(this)) {}

void ResultsFeed::reset(const SpecOutline &outline)
{
    m_queued.clear();
    m_outline = outline;
    m_expected = 0;
    m_model->reset(outline);
    emit cleared(outline);
}

void ResultsFeed::setPeaks(const DevicePeaks &peaks)
{
    m_outline.peaks = peaks;
    m_model->setPeaks(peaks);
    emit peaksChanged(peaks);
}

void ResultsFeed::setSizeLabel(std::size_t sizeIndex, const QString &label)
{
    m_model->setSizeLabel(sizeIndex, label);
    emit sizeLabelChanged(sizeIndex, label);
}

void ResultsFeed::expectResults(std::uint64_t count)
{
    m_expected += qsizetype(count);
    m_model->reserve(m_expected);
}

void ResultsFeed::queue(const ResultEvent &event)
{
    m_queued.append(event);
}

void ResultsFeed::flush()
{
    if (m_queued.isEmpty())
        return;
    const QVector<ResultEvent> batch = std::exchange(m_queued, {});
    m_model->appendResults(batch);
    emit resultsAdded(batch);
}

void ResultsFeed::replace(const RoundEvent &event)
{
    flush();
    m_model->replaceResult(event);
}

void ResultsFeed::append(const QVector<ResultEvent> &batch)
{
    flush();
    if (batch.isEmpty())
        return;
    m_model->appendResults(batch);
    emit resultsAdded(batch);
}

} // namespace tb
