#pragma once

#include "parametereffectdata.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

class QComboBox;

namespace tb {

// What the parameter-effect plot offers on x and as colour: the parameters (in the order of
// Configuration::values), then the resource figures its results carry (CUDA results all of
// them, CPU results none). A choice is a parameter's index, or kResource + a
// ParameterEffectData::Resource; -1 (colour): none.
class ParameterEffectChoices
{
    Q_DECLARE_TR_FUNCTIONS(ParameterEffectChoices)
public:
    static constexpr int kResource = 1 << 16;
    static bool isResource(int choice) { return choice >= kResource; }
    // The combo boxes' name of a resource: "registers", "spills (bytes)", ...
    static QString resourceName(ParameterEffectData::Resource resource);
    // The channel of `data` a choice shows; -1 for none, or a resource before any result
    // fixed where the resources sit.
    static int dataChannel(int choice, const ParameterEffectData &data);

    const QStringList &names() const { return m_names; }
    void setNames(const QStringList &names) { m_names = names; }
    // Offers the resources some result of `data` carries; true when the offer changed.
    bool offerResourcesOf(const ParameterEffectData &data);
    QStringList offeredResources() const;

    QString name(int choice) const;
    int find(const QString &name) const; // -1: neither a parameter nor an offered resource
    // Both combo boxes list the parameters, then the offered resources; each item's data is its
    // choice, so the lists may grow without moving what is selected. Signals blocked.
    void fill(QComboBox *xCombo, QComboBox *colorCombo, int xChoice, int colorChoice) const;

private:
    static int resourceMask(const ParameterEffectData &data);

    QStringList m_names;
    int m_offeredResources = 0; // a bit per ParameterEffectData::Resource
};

} // namespace tb
