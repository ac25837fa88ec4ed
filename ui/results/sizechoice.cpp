#include "sizechoice.h"

#include "plots/plotcontrols.h"

#include <QComboBox>

#include <algorithm>

namespace tb {

SizeChoice::SizeChoice(QComboBox *combo, QObject *parent) : QObject(parent), m_combo(combo)
{
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    // fillSizeCombo() blocks the combo's signals: only a user's pick comes through here.
    connect(m_combo, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            choose(std::size_t(m_combo->itemData(index).toULongLong()));
    });
}

void SizeChoice::reset()
{
    m_labels.clear();
    m_sizes.clear();
    m_chosen = false;
    m_current = 0;
    fill();
}

void SizeChoice::setLabel(std::size_t size, const QString &label)
{
    m_labels.insert(size, label);
    fill();
}

void SizeChoice::setSizes(std::vector<std::size_t> sizes)
{
    m_sizes = std::move(sizes);
    const bool shown = std::find(m_sizes.begin(), m_sizes.end(), m_current) != m_sizes.end();
    if (!m_chosen && !shown && !m_sizes.empty())
        m_current = m_sizes.front();
    fill();
}

void SizeChoice::choose(std::size_t size)
{
    m_chosen = true;
    if (size == m_current)
        return;
    m_current = size;
    fill();
    emit changed(size);
}

void SizeChoice::fill()
{
    fillSizeCombo(m_combo, m_sizes, m_labels, m_current);
}

} // namespace tb
