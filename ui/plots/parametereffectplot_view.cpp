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
    const int choice = choiceOf(name);
    if (choice < 0 || choice == m_xParameter)
        return;
    m_xParameter = choice;
    {
        const QSignalBlocker blocker(m_xCombo);
        m_xCombo->setCurrentIndex(m_xCombo->findData(choice));
    }
    m_layoutDirty = true;
    replotIfDirty();
    emit viewChanged();
}

void ParameterEffectPlot::setColorParameter(const QString &name)
{
    const int choice = name.isEmpty() ? -1 : choiceOf(name);
    if ((choice < 0 && !name.isEmpty()) || choice == m_colorParameter)
        return;
    m_colorParameter = choice;
    {
        const QSignalBlocker blocker(m_colorCombo);
        m_colorCombo->setCurrentIndex(m_colorCombo->findData(choice));
    }
    m_layoutDirty = true;
    replotIfDirty();
    emit viewChanged();
}

QString ParameterEffectPlot::resourceName(ParameterEffectData::Resource resource)
{
    switch (resource) {
    case ParameterEffectData::Registers:
        return tr("registers");
    case ParameterEffectData::Spills:
        return tr("spills (bytes)");
    case ParameterEffectData::SharedMemory:
        return tr("shared memory (bytes)");
    case ParameterEffectData::Occupancy:
        return tr("occupancy (%)");
    case ParameterEffectData::ResourceCount:
        break;
    }
    return QString();
}

QStringList ParameterEffectPlot::offeredResources() const
{
    QStringList names;
    for (int resource = 0; resource < ParameterEffectData::ResourceCount; ++resource)
        if (m_offeredResources & (1 << resource))
            names.append(resourceName(ParameterEffectData::Resource(resource)));
    return names;
}

// The channel of ParameterEffectData a choice shows; -1 for none, or a resource before any
// result fixed where the resources sit.
int ParameterEffectPlot::dataChannel(int choice) const
{
    if (choice < 0 || !isResourceChoice(choice))
        return choice;
    if (m_data.parameterCount() < 0)
        return -1;
    return m_data.resourceChannel(ParameterEffectData::Resource(choice - kResourceChoice));
}

QString ParameterEffectPlot::choiceName(int choice) const
{
    if (isResourceChoice(choice))
        return resourceName(ParameterEffectData::Resource(choice - kResourceChoice));
    return m_names.value(choice);
}

int ParameterEffectPlot::choiceOf(const QString &name) const
{
    const int parameter = int(m_names.indexOf(name));
    if (parameter >= 0)
        return parameter;
    for (int resource = 0; resource < ParameterEffectData::ResourceCount; ++resource)
        if ((m_offeredResources & (1 << resource)) &&
            resourceName(ParameterEffectData::Resource(resource)) == name)
            return kResourceChoice + resource;
    return -1;
}

// The resources some result carries: CUDA results report them all, CPU results none.
int ParameterEffectPlot::offeredResourceMask() const
{
    int mask = 0;
    if (m_data.parameterCount() < 0)
        return mask;
    for (int resource = 0; resource < ParameterEffectData::ResourceCount; ++resource)
        if (m_data.hasValues(m_data.resourceChannel(ParameterEffectData::Resource(resource))))
            mask |= 1 << resource;
    return mask;
}

// Both combo boxes list the parameters, then the offered resources; each item's data is its
// choice, so the lists may grow without moving what is selected.
void ParameterEffectPlot::fillChoiceCombos()
{
    m_offeredResources = offeredResourceMask();
    const QSignalBlocker xBlocker(m_xCombo);
    const QSignalBlocker colorBlocker(m_colorCombo);
    m_xCombo->clear();
    m_colorCombo->clear();
    m_colorCombo->addItem(tr("(none)"), -1);
    const auto add = [this](const QString &name, int choice) {
        m_xCombo->addItem(name, choice);
        m_colorCombo->addItem(name, choice);
    };
    for (int parameter = 0; parameter < m_names.size(); ++parameter)
        add(m_names.at(parameter), parameter);
    for (const QString &name : offeredResources())
        add(name, choiceOf(name));
    m_xCombo->setCurrentIndex(m_xCombo->findData(m_xParameter));
    m_colorCombo->setCurrentIndex(m_colorCombo->findData(m_colorParameter));
}

// A new run may carry no resources (CPU): a resource chosen for the last one goes back to the
// first parameter on x and to one colour.
void ParameterEffectPlot::dropResourceChoices()
{
    if (isResourceChoice(m_xParameter))
        m_xParameter = 0;
    if (isResourceChoice(m_colorParameter))
        m_colorParameter = -1;
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
