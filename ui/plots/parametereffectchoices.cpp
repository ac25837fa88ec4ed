#include "parametereffectchoices.h"

#include <QComboBox>

namespace tb {

QString ParameterEffectChoices::resourceName(ParameterEffectData::Resource resource)
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

int ParameterEffectChoices::dataChannel(int choice, const ParameterEffectData &data)
{
    if (choice < 0 || !isResource(choice))
        return choice;
    if (data.parameterCount() < 0)
        return -1;
    return data.resourceChannel(ParameterEffectData::Resource(choice - kResource));
}

// The resources some result carries: CUDA results report them all, CPU results none.
int ParameterEffectChoices::resourceMask(const ParameterEffectData &data)
{
    int mask = 0;
    if (data.parameterCount() < 0)
        return mask;
    for (int resource = 0; resource < ParameterEffectData::ResourceCount; ++resource)
        if (data.hasValues(data.resourceChannel(ParameterEffectData::Resource(resource))))
            mask |= 1 << resource;
    return mask;
}

bool ParameterEffectChoices::offerResourcesOf(const ParameterEffectData &data)
{
    const int mask = resourceMask(data);
    if (mask == m_offeredResources)
        return false;
    m_offeredResources = mask;
    return true;
}

QStringList ParameterEffectChoices::offeredResources() const
{
    QStringList names;
    for (int resource = 0; resource < ParameterEffectData::ResourceCount; ++resource)
        if (m_offeredResources & (1 << resource))
            names.append(resourceName(ParameterEffectData::Resource(resource)));
    return names;
}

QString ParameterEffectChoices::name(int choice) const
{
    if (isResource(choice))
        return resourceName(ParameterEffectData::Resource(choice - kResource));
    return m_names.value(choice);
}

int ParameterEffectChoices::find(const QString &name) const
{
    const int parameter = int(m_names.indexOf(name));
    if (parameter >= 0)
        return parameter;
    for (int resource = 0; resource < ParameterEffectData::ResourceCount; ++resource)
        if ((m_offeredResources & (1 << resource)) &&
            resourceName(ParameterEffectData::Resource(resource)) == name)
            return kResource + resource;
    return -1;
}

void ParameterEffectChoices::fill(QComboBox *xCombo, QComboBox *colorCombo, int xChoice,
                                  int colorChoice) const
{
    const QSignalBlocker xBlocker(xCombo);
    const QSignalBlocker colorBlocker(colorCombo);
    xCombo->clear();
    colorCombo->clear();
    colorCombo->addItem(tr("(none)"), -1);
    const auto add = [xCombo, colorCombo](const QString &name, int choice) {
        xCombo->addItem(name, choice);
        colorCombo->addItem(name, choice);
    };
    for (int parameter = 0; parameter < m_names.size(); ++parameter)
        add(m_names.at(parameter), parameter);
    for (const QString &name : offeredResources())
        add(name, find(name));
    xCombo->setCurrentIndex(xCombo->findData(xChoice));
    colorCombo->setCurrentIndex(colorCombo->findData(colorChoice));
}

} // namespace tb
