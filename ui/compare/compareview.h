#pragma once

#include "compareentry.h"
#include "crossdevicepair.h"
#include "metricdirection.h"

#include <QVector>
#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QTableView;

namespace tb {

class ComparisonModel;
class CrossDeviceBox;
class CrossDeviceModel;
class GroupedBarChart;
class OverlaidHistogram;

// Two or more results side by side: a table of every figure with percentage differences
// against a chosen baseline, the sample distributions overlaid, and register / spill bars per
// configuration. Feed it from a selection of results (of one run or several). Results of
// several problem sizes are compared one size at a time (a size picker shows which): a time at
// N=4096 says nothing against one at N=1024. Two runs on different devices add a table over
// the rest: each size's winner on each device and what it costs on the other
// (setAcrossDevices()).
class CompareView : public QWidget
{
    Q_OBJECT
public:
    explicit CompareView(QWidget *parent = nullptr);

    // `note`, when given, is shown above the table until the next setResults() (e.g. that the
    // results come from runs of different specs). Hides the cross-device table.
    void setResults(const QVector<CompareEntry> &entries, const QString &note = {});
    // Shows the cross-device table of two runs on different devices, until the next
    // setResults(); call it after that one.
    void setAcrossDevices(const CrossDevicePair &pair);
    void setMetricDirection(const QString &metric, MetricDirection direction);

    int baseline() const;
    ComparisonModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QComboBox *baselineCombo() const { return m_baseline; }
    // The problem size shown, when the results have several; hidden otherwise.
    QComboBox *sizeCombo() const { return m_size; }
    OverlaidHistogram *histogram() const { return m_histogram; }
    GroupedBarChart *resourceBars() const { return m_resourceBars; }
    QAction *copyAction() const { return m_copy; }
    // Per result, whether its time differs from the baseline's beyond the uncertainty.
    QLabel *verdicts() const { return m_verdicts; }
    QLabel *note() const { return m_note; }
    CrossDeviceModel *crossDeviceModel() const;
    QTableView *crossDeviceTable() const;
    // "Across devices: run 1 on ..., run 2 on ..."; hidden with the table.
    QLabel *crossDeviceHeading() const;

public slots:
    void setBaseline(int entry);
    // Makes this result the baseline, shown with its size: one already compared (same caption,
    // configuration and size) is picked, another joins the results compared first.
    void setBaselineEntry(const tb::CompareEntry &entry);
    // The whole comparison, tab-separated, on the clipboard (pastes into a spreadsheet); the
    // cross-device table after it, where shown.
    void copyAsTable();

signals:
    void baselineChanged(int entry);

private:
    QWidget *createToolbar();
    // Shows the entries of the size picked (all of them when they share one size).
    void showSize(int index);
    void showEntries(const QVector<CompareEntry> &entries);
    void updateHistogram(const QVector<CompareEntry> &entries);
    void updateResourceBars(const QVector<CompareEntry> &entries);
    void updateVerdicts();

    ComparisonModel *m_model;
    QVector<CompareEntry> m_entries; // every entry given, of every size
    QComboBox *m_size;
    QLabel *m_sizeLabel;
    QComboBox *m_baseline;
    QAction *m_copy;
    QLabel *m_hint;
    QLabel *m_note;
    QLabel *m_verdicts;
    QTableView *m_table;
    OverlaidHistogram *m_histogram;
    GroupedBarChart *m_resourceBars;
    QLabel *m_noResources;
    CrossDeviceBox *m_devices;
};

} // namespace tb
