#pragma once

#include <QMap>
#include <QString>

#include <cstddef>
#include <vector>

class QComboBox;
class QHBoxLayout;

namespace tb {

// The small control rows above the result plots, built one way everywhere.

// A label (with its mnemonic, the combo as buddy) and the combo, added to `row`.
void addLabelledCombo(QHBoxLayout *row, const QString &text, QComboBox *combo,
                      const QString &toolTip);

// Fills a problem-size combo with every size seen (`sizes`) or labelled, ascending, each
// item's data its size index, the current one selected; without emitting its signals.
void fillSizeCombo(QComboBox *combo, std::vector<std::size_t> sizes,
                   const QMap<std::size_t, QString> &labels, std::size_t current);

} // namespace tb
