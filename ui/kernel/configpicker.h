#pragma once

#include "model/configuration.h"
#include "model/spec.h"

#include <QMap>
#include <QStringList>
#include <QWidget>

#include <cstddef>
#include <optional>

class QComboBox;
class QHBoxLayout;
class QLabel;

namespace tb {

// Picks one configuration of a spec and one problem size: a combo box per tunable parameter
// (the spec's values, in its order) and one for the problem size. A new spec keeps the values
// still on offer; otherwise the spec's reference configuration (verification) is the default,
// then each parameter's first value. A configuration that some constraint rejects may still be
// picked (to see why it fails), but the picker says which constraint rejects it.
class ConfigPicker : public QWidget
{
    Q_OBJECT
public:
    explicit ConfigPicker(QWidget *parent = nullptr);

    void setSpec(const Spec &spec);

    Configuration configuration() const;
    std::size_t sizeIndex() const;
    // "BLOCK=256,VEC=4 at N=1048576"
    QString label() const;

    // Selects `values` (one per parameter); false when one is not among that parameter's values.
    bool setConfiguration(const Configuration &config);
    void setSizeIndex(std::size_t index);

    // The constraints the picked configuration and size do not satisfy (their text).
    QStringList violatedConstraints() const;

    QComboBox *parameterCombo(const QString &name) const;
    QComboBox *sizeCombo() const { return m_size; }

signals:
    void changed();

private:
    void rebuild(const Spec &spec, const QMap<QString, double> &previous, int previousSize);
    void clearCombos();
    QComboBox *addCombo(const QString &name, const QString &toolTip);
    void updateWarning();

    std::optional<Spec> m_spec;
    QHBoxLayout *m_layout;
    QList<QComboBox *> m_parameters;
    QList<QLabel *> m_labels;
    QComboBox *m_size = nullptr;
    QLabel *m_warning;
};

} // namespace tb
