#include "geometryfield.h"

#include "document/specdocument.h"
#include "errorlabel.h"
#include "fieldcodec.h"
#include "fieldlineedit.h"
#include "specnames.h"

#include <QGridLayout>

namespace tb {

namespace {

const char *const kAxes[] = {"x", "y", "z"};

} // namespace

GeometryField::GeometryField(SpecDocument *document, QString arrayPointer, QWidget *parent)
    : QWidget(parent), m_document(document), m_pointer(std::move(arrayPointer)),
      m_error(new ErrorLabel(this))
{
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setVerticalSpacing(2);
    for (int axis = 0; axis < 3; ++axis) {
        auto *edit = new FieldLineEdit(this);
        edit->setObjectName(m_pointer.mid(1).replace('/', '_') + QLatin1Char('_') +
                            QLatin1String(kAxes[axis]));
        edit->setPlaceholderText(axis == 0 ? tr("x") : tr("%1 (1)").arg(kAxes[axis]));
        layout->addWidget(edit, 0, axis);
        connect(edit, &QLineEdit::textEdited, this, &GeometryField::onEdited);
        connect(edit, &QLineEdit::editingFinished, m_document, &SpecDocument::endTyping);
        m_edits[std::size_t(axis)] = edit;
    }
    layout->addWidget(m_error, 1, 0, 1, 3);
    setFocusProxy(m_edits[0]);
    connect(m_document, &SpecDocument::changed, this, [this](const QString &pointer) {
        if (jsonpointer::overlaps(pointer, m_pointer))
            refresh();
    });
    connect(m_document, &SpecDocument::validated, this, [this] {
        m_editedSinceValidation = false;
        refreshErrors();
    });
    refresh();
}

void GeometryField::refresh()
{
    const SpecJson value = m_document->value(m_pointer);
    for (std::size_t axis = 0; axis < m_edits.size(); ++axis) {
        const SpecJson *item = value.is_array() && axis < value.size() ? &value[axis] : nullptr;
        const QString text = FieldCodec::format(FieldCodec::Kind::Expression, item);
        if (m_edits[axis]->text().trimmed() != text)
            m_edits[axis]->setText(text);
    }
    refreshErrors();
}

void GeometryField::onEdited()
{
    SpecJson list = SpecJson::array();
    int used = 0;
    for (int axis = 0; axis < 3; ++axis) {
        if (!m_edits[std::size_t(axis)]->text().trimmed().isEmpty())
            used = axis + 1;
    }
    for (int axis = 0; axis < used; ++axis)
        list.push_back(m_edits[std::size_t(axis)]->text().trimmed().toStdString());
    if (used == 0)
        m_document->removeValue(m_pointer, SpecDocument::Merge::Typing);
    else
        m_document->setValue(m_pointer, list, SpecDocument::Merge::Typing);
    m_editedSinceValidation = m_document->isValidationPending();
    refreshErrors();
}

void GeometryField::refreshErrors()
{
    const auto names = specnames::expressionNames(m_document->json(), false);
    // Until the validator has seen this text, its old verdict would mislead.
    const bool verdictKnown = !m_editedSinceValidation;
    QStringList errors = verdictKnown ? m_document->errorsAt(m_pointer) : QStringList();
    for (int axis = 0; axis < 3; ++axis) {
        FieldLineEdit *edit = m_edits[std::size_t(axis)];
        QStringList problems;
        const QString text = edit->text().trimmed();
        const QString local = text.isEmpty() ? QString() : specnames::checkExpression(text, names);
        if (!local.isEmpty())
            problems << local;
        else if (verdictKnown)
            problems << m_document->errorsUnder(jsonpointer::child(m_pointer, axis));
        for (const auto &problem : std::as_const(problems))
            errors << QStringLiteral("%1: %2").arg(QLatin1String(kAxes[axis]), problem);
        edit->setToolTip(problems.join(QLatin1Char('\n')));
    }
    m_error->setErrors(errors);
}

} // namespace tb
