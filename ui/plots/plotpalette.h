#pragma once

#include <QColor>

#include <cstddef>

class QCPAxis;
class QCustomPlot;
class QPalette;

namespace tb {

// QCustomPlot paints white whatever the application palette says; this gives a plot the
// palette's base, text and mid colours so it follows the Dark appearance. Call it at
// construction and on QEvent::PaletteChange.
// Styles every axis of the plot's axis rects, the legend and the background.
void applyPlotPalette(QCustomPlot *plot, const QPalette &palette);
// One axis outside the axis rects (a colour scale's).
void applyAxisPalette(QCPAxis *axis, const QPalette &palette);

// The colours of series (problem sizes, compared configurations, parameter values): ten
// distinct hues readable on light and dark backgrounds, reused in turn after the tenth. Every
// plot takes them from here, so one configuration has one colour across the Compare page.
constexpr std::size_t kSeriesColorCount = 10;
QColor seriesColor(std::size_t index);

} // namespace tb
