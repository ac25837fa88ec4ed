#pragma once

#include "analysis/roofline.h"

#include <QWidget>

#include <vector>

class QCPGraph;
class QCustomPlot;

namespace tb {

// A roofline on log-log axes: arithmetic intensity (FLOP/byte) against achieved GFLOP/s, one
// point per result, the device's roofs as lines (the DRAM slope up to the ridge, the FP32 peak
// flat after it; either alone where only one peak is known), and the points above the DRAM
// roof drawn apart (likely L2-resident). The computation is engine/export/roofline.h's.
// Where the spec has one rate metric only (RoofPlacement::ComputeRoof or BandwidthRoof) no
// intensity exists: the plot turns one-dimensional, each result's achieved GFLOP/s (or GB/s),
// best first along x, under the one roof that applies as a flat line.
class RooflinePlot : public QWidget
{
    Q_OBJECT
public:
    explicit RooflinePlot(QWidget *parent = nullptr);

    void setData(const std::vector<RooflinePoint> &points, const DevicePeaks &peaks,
                 RoofPlacement placement = RoofPlacement::Intensity);
    RoofPlacement placement() const { return m_placement; }

    QCustomPlot *plot() const { return m_plot; }
    int pointCount() const;      // plotted points, above the roof or not
    int aboveRoofCount() const;  // of them, above the DRAM roof
    int roofVertexCount() const; // the roof line's vertices; 0 without peaks

protected:
    void changeEvent(QEvent *event) override;

private:
    void fitAxes(const std::vector<RooflinePoint> &points, const DevicePeaks &peaks);
    void drawRoofs(const DevicePeaks &peaks);
    void setOneRoofData(const std::vector<RooflinePoint> &points, const DevicePeaks &peaks);
    void useAxes(RoofPlacement placement);

    QCustomPlot *m_plot;
    QCPGraph *m_roof;
    QCPGraph *m_below;
    QCPGraph *m_above;
    double m_xLow = 0.01;
    double m_xHigh = 1000;
    RoofPlacement m_placement = RoofPlacement::Intensity;
};

} // namespace tb
