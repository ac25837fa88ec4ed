#include "plotcontrols.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

#include <algorithm>

namespace tb {

void addLabelledCombo(QHBoxLayout *row, const QString &text, QComboBox *combo,
                      const QString &toolTip)
{
    auto *label = new QLabel(text, row->parentWidget());
    label->setBuddy(combo);
    combo->setToolTip(toolTip);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    row->addWidget(label);
    row->addWidget(combo);
}

void fillSizeCombo(QComboBox *combo, std::vector<std::size_t> sizes,
                   const QMap<std::size_t, QString> &labels, std::size_t current)
{
    for (auto it = labels.cbegin(); it != labels.cend(); ++it)
        sizes.push_back(it.key());
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    const QSignalBlocker blocker(combo);
    combo->clear();
    for (const std::size_t size : sizes)
        combo->addItem(
            labels.value(size,
                         QCoreApplication::translate("tb::PlotControls", "size %1").arg(size + 1)),
            qulonglong(size));
    combo->setCurrentIndex(combo->findData(qulonglong(current)));
}

} // namespace tb
