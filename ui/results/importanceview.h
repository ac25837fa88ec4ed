#pragma once

#include "export/objectivetable.h"
#include "session/sessionmetatypes.h"

#include <QStringList>
#include <QWidget>

#include <cstddef>
#include <map>

class QComboBox;
class QLabel;
class QTableView;

namespace tb {

class SizeChoice;
class ThrottledRecompute;
class ImportanceMultiplesPlot;
class PairHeatmapPlot;
class ParameterImportanceModel;
class ResultsFeed;
struct SpecOutline;

// The Results page's "Importance" view: which parameter matters for one problem size. The
// ranked parameters (ParameterImportanceModel: what each one's worst value costs, as
// rankParameters() defines it), one small plot per parameter (the best objective per value)
// and a heatmap of a chosen pair, by default the two most important (a click on a ranked
// parameter puts it along the heatmap's columns). It hears the feed itself
// and keeps each size's results in flat tables; the analysis is O(results) and runs at most
// every kRecomputeMs while results stream in, only while the view is shown (a hidden view
// catches up when shown), or at once on recompute(). Rows a finalist's later rounds replace
// keep their first measurement here: the rounds move a median by tenths of a percent, not the
// ranking.
class ImportanceView : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kRecomputeMs = 500;

    explicit ImportanceView(ResultsFeed *feed, QWidget *parent = nullptr);

    void setSizeIndex(std::size_t sizeIndex);
    std::size_t sizeIndex() const;
    // Results of the shown size held (every status).
    std::size_t resultCount() const;

    ParameterImportanceModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    ImportanceMultiplesPlot *multiples() const { return m_multiples; }
    PairHeatmapPlot *heatmap() const { return m_heatmap; }
    QComboBox *sizeCombo() const { return m_sizeCombo; }

public slots:
    // Ranks the shown size now, whether or not anything changed.
    void recompute();

signals:
    void sizeChanged(std::size_t sizeIndex);

private:
    QWidget *buildControls();
    void reset(const SpecOutline &outline);
    void addResults(const QVector<ResultEvent> &batch);
    void updateSizes();
    void updatePair();
    QStringList names() const;
    const ObjectiveTable *shownTable() const;

    std::map<std::size_t, ObjectiveTable> m_tables;
    QStringList m_names; // the spec's, in the order of Configuration::values
    QString m_objective = QStringLiteral("time");
    bool m_minimize = true;
    SizeChoice *m_sizes;

    ParameterImportanceModel *m_model;
    QComboBox *m_sizeCombo;
    QLabel *m_status;
    QTableView *m_table;
    ImportanceMultiplesPlot *m_multiples;
    PairHeatmapPlot *m_heatmap;
    ThrottledRecompute *m_recompute;
};

} // namespace tb
