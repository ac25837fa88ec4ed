#include "jsonfield.h"

#include "document/specdocument.h"
#include "errorlabel.h"
#include "fieldlineedit.h"

#include <QVBoxLayout>

namespace tb {

JsonField::JsonField(SpecDocument *document, FieldCodec::Kind kind, QWidget *parent)
    : QWidget(parent), m_document(document), m_kind(kind), m_edit(new FieldLineEdit(this)),
      m_error(new ErrorLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_edit);
    layout->addWidget(m_error);
    m_error->setBuddy(m_edit);
    setFocusProxy(m_edit);

    connect(m_edit, &QLineEdit::textEdited, this, &JsonField::onTextEdited);
    connect(m_edit, &QLineEdit::editingFinished, m_document, &SpecDocument::endTyping);
    connect(m_document, &SpecDocument::changed, this, &JsonField::onDocumentChanged);
    connect(m_document, &SpecDocument::validated, this, [this] {
        m_editedSinceValidation = false;
        refreshErrors();
    });
}

void JsonField::setPointer(const QString &pointer)
{
    if (pointer == m_pointer)
        return;
    m_pointer = pointer;
    m_localError.clear();
    refresh();
}

void JsonField::setOptional(const QString &defaultText)
{
    m_optional = true;
    m_edit->setPlaceholderText(defaultText);
}

void JsonField::setCheck(Check check)
{
    m_check = std::move(check);
    refreshErrors();
}

void JsonField::setHelp(const QString &help)
{
    m_help = help;
    refreshErrors();
}

QStringList JsonField::errors() const
{
    if (!m_localError.isEmpty())
        return {m_localError};
    if (m_check) {
        const QString problem = m_check(m_edit->text());
        if (!problem.isEmpty())
            return {problem};
    }
    if (m_pointer.isEmpty() || m_editedSinceValidation)
        return {}; // until the validator has seen this text, its old verdict would mislead
    return m_document->errorsUnder(m_pointer);
}

void JsonField::refresh()
{
    const SpecJson *value =
        m_pointer.isEmpty() ? nullptr : jsonpointer::find(m_document->json(), m_pointer);
    if (!FieldCodec::matches(m_kind, m_edit->text(), value, m_optional)) {
        m_edit->setText(FieldCodec::format(m_kind, value));
        m_localError.clear();
    }
    refreshErrors();
}

void JsonField::refreshErrors()
{
    const QStringList problems = errors();
    m_error->setErrors(problems);
    m_edit->setToolTip(problems.isEmpty() ? m_help : problems.join(QLatin1Char('\n')));
}

void JsonField::onTextEdited(const QString &text)
{
    if (m_pointer.isEmpty())
        return;
    const FieldCodec::Parsed parsed = FieldCodec::parse(m_kind, text, m_optional);
    m_localError = parsed.error;
    if (parsed.ok) {
        if (parsed.value)
            m_document->setValue(m_pointer, *parsed.value, SpecDocument::Merge::Typing);
        else
            m_document->removeValue(m_pointer, SpecDocument::Merge::Typing);
        m_editedSinceValidation = m_document->isValidationPending();
    }
    refreshErrors();
}

void JsonField::onDocumentChanged(const QString &pointer)
{
    if (!m_pointer.isEmpty() && jsonpointer::overlaps(pointer, m_pointer))
        refresh();
}

} // namespace tb
