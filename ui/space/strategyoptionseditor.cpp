#include "strategyoptionseditor.h"

#include "document/specdocument.h"
#include "errorlabel.h"
#include "fieldlineedit.h"
#include "formrows.h"
#include "jsonfield.h"
#include "model/spec.h"
#include "search/searchstrategy.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace tb {

namespace {

const QString kName = QStringLiteral("/strategy/name");
const QString kOptions = QStringLiteral("/strategy/options");

// As a field shows a number: no trailing zeros, whole numbers without a fraction.
QString formatNumber(double value)
{
    return FieldCodec::formatNumber(FieldCodec::number(value));
}

bool isKnownStrategy(const QString &name)
{
    const auto &names = strategyNames();
    return std::find(names.begin(), names.end(), name.toStdString()) != names.end();
}

QString rangeText(const StrategyOptionDescription &option)
{
    const QString from = formatNumber(option.minimum);
    const QString to = formatNumber(option.maximum);
    return option.integer ? StrategyOptionsEditor::tr("A whole number from %1 to %2").arg(from, to)
                          : StrategyOptionsEditor::tr("From %1 to %2").arg(from, to);
}

// The range check the engine makes (checkStrategyOptions), while typing: the validator reports
// a value out of range at strategy.options as a whole, which no field would show.
JsonField::Check rangeCheck(const StrategyOptionDescription &option)
{
    return [option](const QString &text) {
        const auto value = FieldCodec::toNumber(text.trimmed());
        if (!value || (*value >= option.minimum && *value <= option.maximum))
            return QString(); // empty is the default; not a number is the field's own error
        return StrategyOptionsEditor::tr("%1 is outside the range: from %2 to %3")
            .arg(text.trimmed(), formatNumber(option.minimum), formatNumber(option.maximum));
    };
}

} // namespace

StrategyOptionsEditor::StrategyOptionsEditor(SpecDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_layout(new QVBoxLayout(this)),
      m_note(new QLabel(this)), m_error(new ErrorLabel(this)),
      m_removeUnused(new QPushButton(tr("Remove them"), this))
{
    m_note->setObjectName(QStringLiteral("strategyOptionsNote"));
    m_note->setForegroundRole(QPalette::PlaceholderText); // grey in light and dark palettes
    m_note->setWordWrap(true);
    m_error->setObjectName(QStringLiteral("strategyOptionsError"));
    m_removeUnused->setObjectName(QStringLiteral("removeUnusedStrategyOptions"));
    m_removeUnused->setToolTip(
        tr("Remove the options the chosen strategy does not take from strategy.options"));
    m_removeUnused->hide();

    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->addWidget(m_note);
    auto *errorRow = new QHBoxLayout;
    errorRow->addWidget(m_error, 1);
    errorRow->addWidget(m_removeUnused, 0, Qt::AlignTop);
    m_layout->addLayout(errorRow);

    connect(m_removeUnused, &QPushButton::clicked, this, &StrategyOptionsEditor::removeUnused);
    connect(m_document, &SpecDocument::changed, this, [this](const QString &pointer) {
        if (jsonpointer::overlaps(pointer, QStringLiteral("/strategy")))
            refresh();
    });
    connect(m_document, &SpecDocument::validated, this, &StrategyOptionsEditor::refreshErrors);
    refresh();
}

JsonField *StrategyOptionsEditor::field(const QString &option) const
{
    const QString pointer = jsonpointer::child(kOptions, option);
    for (auto *field : m_fields) {
        if (field->pointer() == pointer)
            return field;
    }
    return nullptr;
}

QStringList StrategyOptionsEditor::unusedOptions() const
{
    const SpecJson *options = jsonpointer::find(m_document->json(), kOptions);
    if (!options || !options->is_object() || !isKnownStrategy(m_strategy))
        return {}; // the spec reader ignores the options of an unknown strategy
    QStringList unused;
    for (const auto &entry : options->items()) {
        const QString name = QString::fromStdString(entry.key());
        if (!field(name))
            unused << name;
    }
    return unused;
}

QString StrategyOptionsEditor::strategyInDocument() const
{
    const SpecJson *name = jsonpointer::find(m_document->json(), kName);
    if (!name)
        return QString::fromStdString(StrategySettings().name); // the format's default
    return QString::fromStdString(name->is_string() ? name->get<std::string>() : name->dump());
}

void StrategyOptionsEditor::refresh()
{
    // Only a change of strategy rebuilds: the fields follow their own values, and a rebuild
    // under the user's typing would take the focus away.
    const QString strategy = strategyInDocument();
    if (!m_form || strategy != m_strategy) {
        m_strategy = strategy;
        rebuild();
    }
    refreshErrors();
}

void StrategyOptionsEditor::rebuild()
{
    m_fields.clear();
    delete m_form; // its fields' slots may run in this same emission: Qt skips deleted receivers
    m_form = new QWidget(this);
    m_form->setObjectName(QStringLiteral("strategyOptionsForm"));
    auto *form = new QFormLayout(m_form);
    form->setContentsMargins(0, 0, 0, 0);
    const auto options = strategyOptionDescriptions(m_strategy.toStdString());
    for (const auto &option : options)
        addOptionField(form, option);
    m_layout->insertWidget(1, m_form); // between the note and the errors

    if (!isKnownStrategy(m_strategy))
        m_note->setText(tr("%1 is not a known strategy: no options to show").arg(m_strategy));
    else
        m_note->setText(tr("%1 takes no options").arg(m_strategy));
    m_note->setVisible(options.empty());
    m_form->setVisible(!options.empty());
    restoreTabOrder();
}

void StrategyOptionsEditor::addOptionField(QFormLayout *form,
                                           const StrategyOptionDescription &option)
{
    const QString name = QString::fromStdString(option.name);
    // The label is the key itself: the validator's messages and FORMAT.md name options so.
    JsonField *field = formrows::addField(
        form, m_document, option.integer ? FieldCodec::Kind::Integer : FieldCodec::Kind::Number,
        {tr("%1:").arg(name), jsonpointer::child(kOptions, name),
         QString::fromStdString(option.help) + QLatin1Char('\n') + rangeText(option),
         formatNumber(option.defaultValue)});
    field->setCheck(rangeCheck(option));
    m_fields << field;
}

// New widgets join the end of the window's focus chain, after every section built before
// them: Tab would reach the fields of a rebuilt form last. Chain them back in after whatever
// precedes this editor (the last field of the run settings' Search group).
void StrategyOptionsEditor::restoreTabOrder()
{
    QWidget *previous = focusablePredecessor();
    for (auto *field : std::as_const(m_fields)) {
        if (previous)
            QWidget::setTabOrder(previous, field->lineEdit());
        previous = field->lineEdit();
    }
}

QWidget *StrategyOptionsEditor::focusablePredecessor() const
{
    for (QWidget *widget = previousInFocusChain(); widget && widget != this && widget != window();
         widget = widget->previousInFocusChain()) {
        if ((widget->focusPolicy() & Qt::TabFocus) && !isAncestorOf(widget))
            return widget;
    }
    return nullptr;
}

void StrategyOptionsEditor::refreshErrors()
{
    const SpecJson *options = jsonpointer::find(m_document->json(), kOptions);
    if (options && !options->is_object()) { // no names to list: the validator says what is wrong
        m_error->setErrors(m_document->errorsAt(kOptions));
        m_removeUnused->hide();
        return;
    }
    const QStringList unused = unusedOptions();
    m_error->setErrors(
        unused.isEmpty()
            ? QStringList()
            : QStringList{tr("Options not used by %1: %2").arg(m_strategy, unused.join(", "))});
    m_removeUnused->setVisible(!unused.isEmpty());
}

void StrategyOptionsEditor::removeUnused()
{
    SpecJson options = m_document->value(kOptions);
    for (const auto &name : unusedOptions())
        options.erase(name.toStdString());
    // One undo step for all of them, the others kept in their order.
    const QString description = tr("Remove options not used by %1").arg(m_strategy);
    if (options.empty())
        m_document->removeValue(kOptions, SpecDocument::Merge::Separate, description);
    else
        m_document->setValue(kOptions, options, SpecDocument::Merge::Separate, description);
}

} // namespace tb
