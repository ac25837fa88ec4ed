#pragma once

class QCustomPlot;
class QPalette;

namespace tb {

// QCustomPlot paints white whatever the application palette says; this gives a plot the
// palette's base, text and mid colours so it follows the Dark appearance. Call it at
// construction and on QEvent::PaletteChange.
void applyPlotPalette(QCustomPlot *plot, const QPalette &palette);

} // namespace tb
