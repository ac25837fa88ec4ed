#pragma once

#include "analysis/roofline.h"
#include "session/sessionmetatypes.h"

#include <QString>
#include <QWidget>

#include <cstddef>
#include <map>
#include <vector>

class QComboBox;
class QLabel;

namespace tb {

class DeviceModelList;
class SizeChoice;
class ThrottledRecompute;
class ResultsFeed;
class RooflinePlot;
struct SpecOutline;

// The Results page's "Roofline" view, per problem size: each ok result's achieved FLOP/s
// against its arithmetic intensity (the spec's first FLOP-rate metric over its first byte-rate
// metric, metricrate.h), under the device's roofs (the run's peaks, the spec's winning), with
// the results above the DRAM roof marked and counted in the note (likely L2-resident). Where
// the spec lacks a metric or the run a peak, the note says which and how to add it
// (rooflineMissing()); with one rate metric only, each result is placed against the roof it
// has (roofPlacement()) and the note says which. In a run over several device models only the
// model chosen in `deviceModels` is drawn, as the Results table shows it. Like the Importance
// view it hears the feed, recomputes at most every kRecomputeMs while results stream in and
// only while shown, or at once on recompute().
class RooflineView : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kRecomputeMs = 500;

    RooflineView(ResultsFeed *feed, const DeviceModelList *deviceModels, QWidget *parent = nullptr);

    void setSizeIndex(std::size_t sizeIndex);
    std::size_t sizeIndex() const;

    RooflinePlot *plot() const { return m_plot; }
    QLabel *note() const { return m_note; }
    QComboBox *sizeCombo() const { return m_sizeCombo; }
    // The shown size's points as last computed.
    const std::vector<RooflinePoint> &points() const { return m_points; }

public slots:
    void recompute();

signals:
    void sizeChanged(std::size_t sizeIndex);

private:
    struct Sample
    {
        double flopValue;   // in the FLOP metric's unit
        double byteValue;   // in the byte metric's unit
        std::string device; // the model it was measured on
    };

    void reset(const SpecOutline &outline);
    void addResults(const QVector<ResultEvent> &batch);
    void updateSizes();
    QString noteText() const;

    RooflineInputs m_inputs;
    std::string m_flopName; // the metrics' names, as results key them
    std::string m_byteName;
    std::map<std::size_t, std::vector<Sample>> m_samples;
    std::vector<RooflinePoint> m_points;
    const DeviceModelList *m_deviceModels;
    SizeChoice *m_sizes;

    QComboBox *m_sizeCombo;
    QLabel *m_note;
    RooflinePlot *m_plot;
    ThrottledRecompute *m_recompute;
};

} // namespace tb
