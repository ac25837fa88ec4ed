#pragma once

#include "analysis/energyfront.h"

#include <QWidget>

class QCPGraph;
class QCustomPlot;

namespace tb {

// Energy per launch against median time, one point per result (analysis/energyfront.h), on
// log-log axes: the time-energy front marked and joined from the fastest to the most frugal
// result, the others drawn apart. With the GPU clock as a parameter the front is the trade a
// data-centre engineer chooses from.
class EnergyPlot : public QWidget
{
    Q_OBJECT
public:
    explicit EnergyPlot(QWidget *parent = nullptr);

    void setData(const EnergyTrade &trade);

    QCustomPlot *plot() const { return m_plot; }
    int pointCount() const; // every plotted result, on the front or not
    int frontCount() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void fitAxes(const EnergyTrade &trade);

    QCustomPlot *m_plot;
    QCPGraph *m_others;
    QCPGraph *m_front;
};

} // namespace tb
