// ParameterEffectPlot: choosing what it shows (the x and colour parameters, the size).
#include "parametereffectplot.h"

#include "plotcontrols.h"

#include <QComboBox>

namespace tb {

void ParameterEffectPlot::setSizeLabel(std::size_t sizeIndex, const QString &label)
{
    m_sizeLabels.insert(sizeIndex, label);
    updateSizeCombo();
}

void ParameterEffectPlot::setXParameter(const QString &name)
{
    const int index = int(m_names.indexOf(name));
    if (index < 0 || index == m_xParameter)
        return;
    m_xParameter = index;
    {
        const QSignalBlocker blocker(m_xCombo);
        m_xCombo->setCurrentIndex(index);
    }
    m_layoutDirty = true;
    replotIfDirty();
    emit viewChanged();
}

void ParameterEffectPlot::setColorParameter(const QString &name)
{
    const int index = name.isEmpty() ? -1 : int(m_names.indexOf(name));
    if ((index < 0 && !name.isEmpty()) || index == m_colorParameter)
        return;
    m_colorParameter = index;
    {
        const QSignalBlocker blocker(m_colorCombo);
        m_colorCombo->setCurrentIndex(index + 1);
    }
    m_layoutDirty = true;
    replotIfDirty();
    emit viewChanged();
}

void ParameterEffectPlot::setSizeIndex(std::size_t sizeIndex)
{
    m_sizeChosen = true;
    if (sizeIndex == m_sizeIndex)
        return;
    m_sizeIndex = sizeIndex;
    updateSizeCombo();
    m_layoutDirty = true;
    replotIfDirty();
    emit viewChanged();
}

void ParameterEffectPlot::updateSizeCombo()
{
    std::vector<std::size_t> sizes;
    for (const auto &entry : m_data.countPerSize())
        sizes.push_back(entry.first);
    fillSizeCombo(m_sizeCombo, std::move(sizes), m_sizeLabels, m_sizeIndex);
}

} // namespace tb
