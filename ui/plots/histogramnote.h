#pragma once

#include "histogramrange.h"

#include <QLabel>

namespace tb {

// The line under a histogram that says which samples its end bins took beyond the range
// (HistogramRange); hidden while there are none.
class HistogramNote : public QLabel
{
    Q_OBJECT
public:
    HistogramNote(const QString &toolTip, QWidget *parent);

    // Lays plot out above the note, filling owner (the histogram widget).
    void placeUnder(QWidget *plot, QWidget *owner);
    void describe(const HistogramRange &range, const HistogramRange::Beyond &beyond);
    // Shows `text` as it is (several ranges' notes in one); hidden when it is empty.
    void showText(const QString &text);
    QString shownText() const; // empty while hidden
};

} // namespace tb
