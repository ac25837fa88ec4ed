#pragma once

#include "session/sessionmetatypes.h"

#include <QMap>
#include <QVector>
#include <QWidget>

class QLabel;

namespace tb {

class SampleHistogram;

// The sample distribution of the configuration measured most recently, with what it is (config,
// size, sample count, median), on the Run page: while a run goes it shows at a glance whether
// timings are one tight cluster or bimodal (clock boost, cache state, a noisy neighbour).
class LatestSamples : public QWidget
{
    Q_OBJECT
public:
    explicit LatestSamples(QWidget *parent = nullptr);

    void clear();
    void setSizeLabel(std::size_t sizeIndex, const QString &label);
    // Shows the last result of the batch that has samples; keeps the one shown when none has.
    void addResults(const QVector<ResultEvent> &batch);
    // Shows a finalist's extra process round, when it measured samples.
    void addRound(const RoundEvent &event);

    QString shownConfig() const { return m_shownConfig; } // empty when none is shown
    QString caption() const;
    SampleHistogram *histogram() const { return m_histogram; }

private:
    QString sizeLabel(std::size_t sizeIndex) const; // the spec's, or "size N"
    void display(const std::string &configKey, const QString &what, const Result &result);

    QLabel *m_caption;
    SampleHistogram *m_histogram;
    QMap<std::size_t, QString> m_sizeLabels;
    QString m_shownConfig;
};

} // namespace tb
