#pragma once

#include "session/sessionmetatypes.h"
#include "session/specoutline.h"

#include <QObject>
#include <QVector>

namespace tb {

class ResultsModel;

// The results of the run on show, live or stored, and the one place every view of them hears
// from: the ResultsModel (the tables' rows) and signals for the plots. A live run's results
// are queued as they arrive and handed on in batches by flush() (every 100 ms while a run
// goes), so a fast run never floods the views; a stored run arrives as one batch.
class ResultsFeed : public QObject
{
    Q_OBJECT
public:
    explicit ResultsFeed(QObject *parent = nullptr);

    ResultsModel *model() const { return m_model; }
    const SpecOutline &outline() const { return m_outline; }

    // Drops every result (queued ones too) and sets the spec the next results belong to.
    void reset(const SpecOutline &outline);
    void setSizeLabel(std::size_t sizeIndex, const QString &label);
    // A problem size will bring this many more results: the model makes room for them.
    void expectResults(std::uint64_t count);
    void queue(const ResultEvent &event);
    int queuedCount() const { return int(m_queued.size()); }
    // Hands the queued results on as one batch (nothing when none are queued).
    void flush();
    // Hands results on at once, after any queued ones.
    void append(const QVector<ResultEvent> &batch);
    // A finalist's result after an extra round replaces its row (queued results first).
    void replace(const RoundEvent &event);
    // The peaks the results are judged by, learned after the run began (a launched CUDA run's
    // GPU): the model's "% of peak" and the roofline follow.
    void setPeaks(const DevicePeaks &peaks);

signals:
    void cleared(const tb::SpecOutline &outline);
    void sizeLabelChanged(std::size_t sizeIndex, const QString &label);
    // After the model holds the batch.
    void resultsAdded(const QVector<tb::ResultEvent> &batch);
    void peaksChanged(const tb::DevicePeaks &peaks);

private:
    ResultsModel *m_model;
    SpecOutline m_outline;
    QVector<ResultEvent> m_queued;
    qsizetype m_expected = 0;
};

} // namespace tb
