#include "jsoncombofield.h"

#include "document/specdocument.h"
#include "errorlabel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace tb {

JsonComboField::JsonComboField(SpecDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_combo(new QComboBox(this)),
      m_error(new ErrorLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto *row = new QHBoxLayout;
    row->addWidget(m_combo);
    row->addStretch(); // a choice is as wide as its longest entry, not the whole form
    layout->addLayout(row);
    layout->addWidget(m_error);
    setFocusProxy(m_combo);
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    connect(m_combo, &QComboBox::activated, this, &JsonComboField::onActivated);
    connect(m_document, &SpecDocument::changed, this, [this](const QString &pointer) {
        if (!m_pointer.isEmpty() && jsonpointer::overlaps(pointer, m_pointer))
            refresh();
    });
    connect(m_document, &SpecDocument::validated, this, &JsonComboField::refresh);
}

void JsonComboField::setPointer(const QString &pointer)
{
    m_pointer = pointer;
    refresh();
}

void JsonComboField::setChoices(const QList<Choice> &choices)
{
    m_choices = choices;
    refresh();
}

void JsonComboField::setChoices(const QStringList &values)
{
    QList<Choice> choices;
    for (const auto &value : values)
        choices.append({value, SpecJson(value.toStdString())});
    setChoices(choices);
}

void JsonComboField::setDefault(const SpecJson &value)
{
    m_default = value;
    refresh();
}

void JsonComboField::refresh()
{
    const SpecJson *found =
        m_pointer.isEmpty() ? nullptr : jsonpointer::find(m_document->json(), m_pointer);
    const SpecJson current = found ? *found : m_default;
    const QSignalBlocker blocker(m_combo);
    m_combo->clear();
    int selected = -1;
    for (int i = 0; i < m_choices.size(); ++i) {
        const bool isDefault = !m_default.is_null() && m_choices[i].value == m_default;
        m_combo->addItem(isDefault ? tr("%1 (default)").arg(m_choices[i].label)
                                   : m_choices[i].label);
        if (m_choices[i].value == current)
            selected = i;
    }
    if (selected < 0 && !current.is_null()) {
        m_combo->addItem(current.is_string() ? QString::fromStdString(current.get<std::string>())
                                             : QString::fromStdString(current.dump()));
        selected = m_combo->count() - 1;
    }
    m_combo->setCurrentIndex(selected);
    const QStringList errors =
        m_pointer.isEmpty() ? QStringList() : m_document->errorsUnder(m_pointer);
    m_error->setErrors(errors);
    m_combo->setToolTip(errors.isEmpty() ? m_help : errors.join(QLatin1Char('\n')));
}

void JsonComboField::setHelp(const QString &help)
{
    m_help = help;
    refresh();
}

void JsonComboField::onActivated(int index)
{
    if (index < 0 || index >= m_choices.size() || m_pointer.isEmpty())
        return; // the extra entry showing an unknown value is not a choice
    m_document->setValue(m_pointer, m_choices[index].value, SpecDocument::Merge::Separate,
                         tr("Set %1 to %2").arg(m_pointer.mid(1), m_choices[index].label));
    emit picked(m_choices[index].value);
}

} // namespace tb
