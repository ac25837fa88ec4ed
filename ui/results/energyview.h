#pragma once

#include "analysis/energyfront.h"
#include "session/sessionmetatypes.h"

#include <QWidget>

#include <cstddef>
#include <map>
#include <vector>

class QComboBox;
class QLabel;

namespace tb {

class DeviceModelList;
class EnergyPlot;
class ResultsFeed;
class SizeChoice;
class ThrottledRecompute;
struct SpecOutline;

// The Results page's "Energy" view, per problem size: each ok result's energy per launch
// against its median time, with the time-energy front marked (analysis/energyfront.h), and a
// note naming the most frugal result on the front, what it saves against the fastest and what
// it costs in time. A run without energy figures gets a note saying how to have them. In a run
// over several device models only the chosen model is drawn. Like the Roofline view it hears
// the feed and recomputes at most every kRecomputeMs while results stream in, or at once on
// recompute().
class EnergyView : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kRecomputeMs = 500;

    EnergyView(ResultsFeed *feed, const DeviceModelList *deviceModels, QWidget *parent = nullptr);

    void setSizeIndex(std::size_t sizeIndex);
    std::size_t sizeIndex() const;

    EnergyPlot *plot() const { return m_plot; }
    QLabel *note() const { return m_note; }
    QComboBox *sizeCombo() const { return m_sizeCombo; }
    // The shown size's trade as last computed; its indices are into shownResults().
    const EnergyTrade &trade() const { return m_trade; }
    const std::vector<StoredResult> &shownResults() const { return m_shown; }

public slots:
    void recompute();

signals:
    void sizeChanged(std::size_t sizeIndex);

private:
    void reset(const SpecOutline &outline);
    void addResults(const QVector<ResultEvent> &batch);
    QString noteText() const;

    bool m_energyRun = false;                                   // the spec asks for energy figures
    std::map<std::size_t, std::vector<StoredResult>> m_results; // ok, with energy, by size
    std::vector<StoredResult> m_shown;
    EnergyTrade m_trade;
    const DeviceModelList *m_deviceModels;
    SizeChoice *m_sizes;

    QComboBox *m_sizeCombo;
    QLabel *m_note;
    EnergyPlot *m_plot;
    ThrottledRecompute *m_recompute;
};

} // namespace tb
