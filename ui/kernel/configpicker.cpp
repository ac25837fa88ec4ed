#include "configpicker.h"

#include "space/expression.h"
#include "space/variables.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMap>

#include <cmath>

namespace tb {

namespace {

QString valueText(double value)
{
    return QString::fromStdString(formatValue(value));
}

// The index of `value` in the combo's item data, or -1.
int indexOfValue(const QComboBox *combo, double value)
{
    for (int i = 0; i < combo->count(); ++i) {
        if (combo->itemData(i).toDouble() == value)
            return i;
    }
    return -1;
}

} // namespace

ConfigPicker::ConfigPicker(QWidget *parent)
    : QWidget(parent), m_layout(new QHBoxLayout(this)), m_warning(new QLabel(this))
{
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_warning->setStyleSheet(QStringLiteral("color: #b26a00;"));
    m_layout->addWidget(m_warning);
    m_layout->addStretch();
}

void ConfigPicker::clearCombos()
{
    for (QLabel *label : std::as_const(m_labels))
        delete label;
    for (QComboBox *combo : std::as_const(m_parameters))
        delete combo;
    delete m_size;
    m_labels.clear();
    m_parameters.clear();
    m_size = nullptr;
}

QComboBox *ConfigPicker::addCombo(const QString &name, const QString &toolTip)
{
    auto *label = new QLabel(name + QLatin1Char(':'), this);
    auto *combo = new QComboBox(this);
    combo->setObjectName(name);
    combo->setToolTip(toolTip);
    label->setBuddy(combo);
    // Before the warning and the stretch, which stay last.
    const int at = m_layout->indexOf(m_warning);
    m_layout->insertWidget(at, label);
    m_layout->insertWidget(at + 1, combo);
    m_labels.append(label);
    connect(combo, &QComboBox::currentIndexChanged, this, [this] {
        updateWarning();
        emit changed();
    });
    return combo;
}

void ConfigPicker::setSpec(const Spec &spec)
{
    // What was picked, by parameter name, to keep across an edited spec.
    QMap<QString, double> previous;
    if (m_spec) {
        const Configuration config = configuration();
        for (std::size_t i = 0; i < m_spec->parameters.size(); ++i)
            previous.insert(QString::fromStdString(m_spec->parameters[i].name), config.values[i]);
    }
    const int previousSize = m_size ? m_size->currentIndex() : 0;

    rebuild(spec, previous, previousSize);
    updateWarning();
    emit changed();
}

void ConfigPicker::rebuild(const Spec &spec, const QMap<QString, double> &previous,
                           int previousSize)
{
    // One changed() for the whole rebuild, not one per combo filled.
    const QSignalBlocker blocker(this);
    clearCombos();
    m_spec = spec;
    const auto &reference = spec.verification.reference;
    for (std::size_t p = 0; p < spec.parameters.size(); ++p) {
        const Parameter &parameter = spec.parameters[p];
        const QString name = QString::fromStdString(parameter.name);
        QComboBox *combo =
            addCombo(name, tr("Value of the tunable parameter %1 (-D%1=...)").arg(name));
        for (double value : parameter.values)
            combo->addItem(valueText(value), value);
        int index = -1;
        if (previous.contains(name))
            index = indexOfValue(combo, previous.value(name));
        if (index < 0 && reference && p < reference->size())
            index = indexOfValue(combo, (*reference)[p]);
        combo->setCurrentIndex(std::max(index, 0));
        m_parameters.append(combo);
    }
    m_size = addCombo(tr("Size"), tr("Problem size: the launch geometry and shared memory "
                                     "depend on it"));
    for (std::size_t s = 0; s < spec.sizes.values.size(); ++s)
        m_size->addItem(QString::fromStdString(problemSizeLabel(spec, s)), int(s));
    m_size->setCurrentIndex(previousSize < m_size->count() ? previousSize : 0);
}

Configuration ConfigPicker::configuration() const
{
    Configuration config;
    for (const QComboBox *combo : m_parameters)
        config.values.push_back(combo->currentData().toDouble());
    return config;
}

std::size_t ConfigPicker::sizeIndex() const
{
    return m_size && m_size->currentIndex() > 0 ? std::size_t(m_size->currentIndex()) : 0;
}

QString ConfigPicker::label() const
{
    if (!m_spec)
        return {};
    const QString key = QString::fromStdString(configuration().key(m_spec->parameters));
    return m_size && m_size->count() > 0 ? tr("%1 at %2").arg(key, m_size->currentText()) : key;
}

bool ConfigPicker::setConfiguration(const Configuration &config)
{
    if (config.values.size() != std::size_t(m_parameters.size()))
        return false;
    QList<int> indices;
    for (qsizetype p = 0; p < m_parameters.size(); ++p) {
        const int index = indexOfValue(m_parameters[p], config.values[std::size_t(p)]);
        if (index < 0)
            return false;
        indices.append(index);
    }
    for (qsizetype p = 0; p < m_parameters.size(); ++p)
        m_parameters[p]->setCurrentIndex(indices[p]);
    return true;
}

void ConfigPicker::setSizeIndex(std::size_t index)
{
    if (m_size && int(index) < m_size->count())
        m_size->setCurrentIndex(int(index));
}

QComboBox *ConfigPicker::parameterCombo(const QString &name) const
{
    for (QComboBox *combo : m_parameters) {
        if (combo->objectName() == name)
            return combo;
    }
    return nullptr;
}

QStringList ConfigPicker::violatedConstraints() const
{
    QStringList violated;
    if (!m_spec || m_spec->sizes.values.empty())
        return violated;
    const auto names = configurationVariableNames(*m_spec);
    const auto values = configurationValues(*m_spec, configuration(), sizeIndex());
    for (const std::string &text : m_spec->constraints) {
        auto expression = Expression::compile(text, names);
        // A constraint that does not compile never reaches here: the spec was validated.
        if (!expression)
            continue;
        const double kept = expression->evaluate(values);
        if (std::isnan(kept) || kept == 0)
            violated << QString::fromStdString(text);
    }
    return violated;
}

void ConfigPicker::updateWarning()
{
    const QStringList violated = violatedConstraints();
    m_warning->setText(violated.isEmpty() ? QString() : tr("⚠ rejected by a constraint"));
    m_warning->setToolTip(violated.isEmpty()
                              ? QString()
                              : tr("A tuning run skips this configuration: it does not satisfy "
                                   "%1. It can still be compiled here.")
                                    .arg(violated.join(QStringLiteral(", "))));
}

} // namespace tb
