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

QColor seriesColor(std::size_t index)
{
    static const QColor colors[kSeriesColorCount] = {
        QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
        QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
        QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f), QColor(0xbc, 0xbd, 0x22),
        QColor(0x17, 0xbe, 0xcf)};
    return colors[index % kSeriesColorCount];
}

} // namespace tb
