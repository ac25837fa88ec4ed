#pragma once

#include "analysis/objectivetable.h"
#include "session/sessionmetatypes.h"

#include <QStringList>
#include <QWidget>

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QTableView;

namespace tb {

class DeviceModelList;
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
// parameter puts it along the heatmap's columns). Failed results count per value in all three
// (rankParameters()). In a run over several device models only the model chosen in
// `deviceModels` is ranked, as the Results table shows it. It hears the feed itself
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

    ImportanceView(ResultsFeed *feed, const DeviceModelList *deviceModels,
                   QWidget *parent = nullptr);

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
    // One size's results, with the device model each was measured on (an index into
    // m_devices), so that a run over several models is ranked one model at a time.
    struct SizeTable
    {
        ObjectiveTable table;
        std::vector<std::uint16_t> devices;
    };

    QWidget *buildControls();
    QWidget *buildPanes();
    void reset(const SpecOutline &outline);
    void addResults(const QVector<ResultEvent> &batch);
    void updateSizes();
    void updatePair();
    QStringList names() const;
    // The shown size's table of the chosen device model (all of it unless the run is mixed).
    void selectShownTable();
    std::uint16_t deviceIndex(const std::string &device);

    std::map<std::size_t, SizeTable> m_tables;
    std::vector<std::string> m_devices;
    ObjectiveTable m_chosenModelTable; // the shown size's rows of the chosen model, when mixed
    const ObjectiveTable *m_shown = nullptr;
    QStringList m_names; // the spec's, in the order of Configuration::values
    QString m_objective = QStringLiteral("time");
    bool m_minimize = true;
    const DeviceModelList *m_deviceModels;
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
