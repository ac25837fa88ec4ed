#include "plotpalette.h"

#include <qcustomplot.h>

#include <QPalette>

namespace tb {

void applyAxisPalette(QCPAxis *axis, const QPalette &palette)
{
    const QColor text = palette.color(QPalette::WindowText);
    QColor grid = palette.color(QPalette::Mid);
    grid.setAlpha(110);
    axis->setBasePen(QPen(text));
    axis->setTickPen(QPen(text));
    axis->setSubTickPen(QPen(text));
    axis->setTickLabelColor(text);
    axis->setLabelColor(text);
    axis->grid()->setPen(QPen(grid, 0, Qt::DotLine));
    grid.setAlpha(60);
    axis->grid()->setSubGridPen(QPen(grid, 0, Qt::DotLine));
    axis->grid()->setZeroLinePen(QPen(grid, 0, Qt::SolidLine));
}

void applyPlotPalette(QCustomPlot *plot, const QPalette &palette)
{
    plot->setBackground(palette.brush(QPalette::Base));
    for (QCPAxisRect *rect : plot->axisRects())
        for (QCPAxis *axis : rect->axes())
            applyAxisPalette(axis, palette);
    plot->legend->setBrush(palette.brush(QPalette::Base));
    plot->legend->setTextColor(palette.color(QPalette::Text));
    plot->legend->setBorderPen(QPen(palette.color(QPalette::Mid)));
    plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace tb
