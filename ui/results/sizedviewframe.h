#pragma once

#include <QString>

#include <functional>

class QComboBox;
class QLabel;
class QWidget;

namespace tb {

// The frame the Results page's per-size views share (Roofline, Energy): a row with the size
// combo and a Recompute button, a note under it, the plot below, filling `view`. Object names
// start with `name` ("rooflineSizeCombo", "rooflineRecompute"), for tests and styles.
void layOutSizedView(QWidget *view, const QString &name, QComboBox *sizeCombo,
                     const QString &sizeToolTip, QLabel *note, QWidget *plot,
                     const std::function<void()> &recompute);

} // namespace tb
