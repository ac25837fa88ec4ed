#pragma once

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

} // namespace tb
