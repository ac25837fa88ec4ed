#include "jsoncheckbox.h"

#include "document/specdocument.h"

#include <QSignalBlocker>

namespace tb {

JsonCheckBox::JsonCheckBox(SpecDocument *document, const QString &text, QWidget *parent)
    : QCheckBox(text, parent), m_document(document)
{
    connect(this, &QCheckBox::clicked, this, [this](bool checked) {
        if (!m_pointer.isEmpty())
            m_document->setValue(m_pointer, checked);
    });
    connect(m_document, &SpecDocument::changed, this, [this](const QString &pointer) {
        if (!m_pointer.isEmpty() && jsonpointer::overlaps(pointer, m_pointer))
            refresh();
    });
    connect(m_document, &SpecDocument::validated, this, &JsonCheckBox::refresh);
}

void JsonCheckBox::setPointer(const QString &pointer)
{
    m_pointer = pointer;
    refresh();
}

void JsonCheckBox::refresh()
{
    const SpecJson value = m_pointer.isEmpty() ? SpecJson() : m_document->value(m_pointer);
    const QSignalBlocker blocker(this);
    setChecked(value.is_boolean() && value.get<bool>());
    const QStringList errors =
        m_pointer.isEmpty() ? QStringList() : m_document->errorsUnder(m_pointer);
    setToolTip(errors.join(QLatin1Char('\n')));
    setStyleSheet(errors.isEmpty() ? QString() : QStringLiteral("color: #d32f2f"));
}

} // namespace tb
