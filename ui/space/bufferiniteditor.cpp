#include "bufferiniteditor.h"

#include "document/specdocument.h"
#include "errorlabel.h"
#include "jsonfield.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>

namespace tb {

namespace {

// Which kind each field belongs to, and the member path below "init" it edits.
struct FieldSpec
{
    const char *name;
    const char *kind;
    const char *label;
    const char *placeholder;
    bool integer;
};
const FieldSpec kFields[] = {
    {"constant", "constant", QT_TRANSLATE_NOOP("tb::BufferInitEditor", "Value:"), "", false},
    {"seed", "random", QT_TRANSLATE_NOOP("tb::BufferInitEditor", "Seed:"), "1", true},
    {"min", "random", QT_TRANSLATE_NOOP("tb::BufferInitEditor", "Min:"), "0", false},
    {"max", "random", QT_TRANSLATE_NOOP("tb::BufferInitEditor", "Max:"), "1", false},
    {"start", "sequence", QT_TRANSLATE_NOOP("tb::BufferInitEditor", "Start:"), "0", false},
    {"step", "sequence", QT_TRANSLATE_NOOP("tb::BufferInitEditor", "Step:"), "1", false},
};

} // namespace

BufferInitEditor::BufferInitEditor(SpecDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_note(new QLabel(this)), m_kind(new QComboBox(this)),
      m_form(new QFormLayout(this)), m_error(new ErrorLabel(this))
{
    m_kind->setObjectName(QStringLiteral("initKind"));
    m_kind->addItems(kinds());
    m_kind->setToolTip(tr("What the buffer holds before each run"));
    m_note->setWordWrap(true);
    m_form->setContentsMargins(0, 0, 0, 0);
    m_form->addRow(m_note);
    m_form->addRow(tr("Initial contents:"), m_kind);
    for (const auto &spec : kFields)
        m_fields << addField(QString::fromLatin1(spec.name), tr(spec.label),
                             QString::fromLatin1(spec.placeholder), spec.integer);
    m_form->addRow(m_error);

    connect(m_kind, &QComboBox::activated, this, &BufferInitEditor::onKindPicked);
    connect(m_document, &SpecDocument::changed, this, [this](const QString &pointer) {
        if (!m_argument.isEmpty() && jsonpointer::overlaps(pointer, m_argument))
            refresh();
    });
    connect(m_document, &SpecDocument::validated, this, &BufferInitEditor::refresh);
    refresh();
}

QStringList BufferInitEditor::kinds()
{
    return {QStringLiteral("zero"), QStringLiteral("constant"), QStringLiteral("random"),
            QStringLiteral("sequence")};
}

void BufferInitEditor::setArgument(const QString &argumentPointer)
{
    m_argument = argumentPointer;
    refresh();
}

JsonField *BufferInitEditor::field(const QString &name) const
{
    for (int i = 0; i < m_fields.size(); ++i) {
        if (QLatin1String(kFields[i].name) == name)
            return m_fields[i];
    }
    return nullptr;
}

QString BufferInitEditor::initPointer() const
{
    return jsonpointer::child(m_argument, QStringLiteral("init"));
}

QString BufferInitEditor::currentKind() const
{
    const SpecJson init = m_document->value(initPointer());
    if (init.is_string())
        return QString::fromStdString(init.get<std::string>());
    if (init.is_object() && init.size() == 1)
        return QString::fromStdString(init.begin().key());
    return init.is_null() ? QStringLiteral("zero") : QString();
}

JsonField *BufferInitEditor::addField(const QString &name, const QString &label,
                                      const QString &placeholder, bool integer)
{
    auto *field = new JsonField(
        m_document, integer ? FieldCodec::Kind::Integer : FieldCodec::Kind::Number, this);
    field->setObjectName(QStringLiteral("init_") + name);
    if (!placeholder.isEmpty())
        field->setOptional(tr("default: %1").arg(placeholder));
    m_form->addRow(label, field);
    return field;
}

void BufferInitEditor::refresh()
{
    const SpecJson argument = m_argument.isEmpty() ? SpecJson() : m_document->value(m_argument);
    const SpecJson kind =
        argument.is_object() ? argument.value("kind", SpecJson("buffer")) : SpecJson("");
    const bool buffer = kind == "buffer" || kind == "constant"; // both have contents
    m_note->setText(m_argument.isEmpty() || !argument.is_object()
                        ? tr("Select an argument to edit a buffer's initial contents.")
                    : buffer ? QString()
                             : tr("A scalar has a value, not initial contents."));
    m_note->setVisible(!m_note->text().isEmpty());
    m_kind->setEnabled(buffer);
    const QString current = buffer ? currentKind() : QString();
    {
        const QSignalBlocker blocker(m_kind);
        m_kind->setCurrentIndex(kinds().indexOf(current));
    }
    for (int i = 0; i < m_fields.size(); ++i) {
        const bool shown = buffer && current == QLatin1String(kFields[i].kind);
        m_form->setRowVisible(m_fields[i], shown);
        const QString kindPointer = jsonpointer::child(initPointer(), QString(kFields[i].kind));
        m_fields[i]->setPointer(
            !shown ? QString()
            : current == QLatin1String("constant")
                ? kindPointer
                : jsonpointer::child(kindPointer, QString::fromLatin1(kFields[i].name)));
    }
    // The fields show their own issues; these are the ones about the contents as a whole.
    QStringList errors;
    if (buffer) {
        errors = m_document->errorsAt(initPointer());
        if (!current.isEmpty())
            errors += m_document->errorsAt(jsonpointer::child(initPointer(), current));
    }
    m_error->setErrors(errors);
}

void BufferInitEditor::onKindPicked(int index)
{
    const QString kind = kinds().value(index);
    if (m_argument.isEmpty() || kind == currentKind())
        return;
    SpecJson init = kind.toStdString();
    if (kind == QLatin1String("constant"))
        init = {{"constant", 0}};
    else if (kind == QLatin1String("random"))
        init = {{"random", {{"seed", 1}, {"min", 0}, {"max", 1}}}};
    else if (kind == QLatin1String("sequence"))
        init = {{"sequence", {{"start", 0}, {"step", 1}}}};
    m_document->setValue(initPointer(), init, SpecDocument::Merge::Separate,
                         tr("Initialise buffer with %1").arg(kind));
}

} // namespace tb
