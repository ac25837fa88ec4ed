#include "verificationeditor.h"

#include "document/specdocument.h"
#include "errorlabel.h"
#include "fieldcodec.h"
#include "formrows.h"
#include "jsonfield.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace tb {

namespace {

const QString kReference = QStringLiteral("/verification/reference");
const QString kExpected = QStringLiteral("/verification/expected");

// "bitmap: up to 3 elements may differ; rtol 0.01": one output's entry as a line, the values
// as the document has them (the validator judges them).
QString expectedLine(const std::string &output, const SpecJson &entry)
{
    QStringList settings;
    const SpecJson allowance = entry.value("max_mismatches", SpecJson());
    if (allowance.is_number()) {
        const double value = allowance.get<double>();
        settings << (value > 0 && value < 1
                         ? VerificationEditor::tr("up to %1% of its elements may differ")
                               .arg(FieldCodec::formatNumber(FieldCodec::number(value * 100)))
                         : VerificationEditor::tr("up to %1 elements may differ")
                               .arg(FieldCodec::formatNumber(allowance)));
    }
    for (const char *key : {"rtol", "atol"}) {
        const SpecJson value = entry.value(key, SpecJson());
        if (value.is_number())
            settings << QString::fromLatin1(key) + QLatin1Char(' ') +
                            FieldCodec::formatNumber(value);
    }
    const SpecJson file = entry.value("file", SpecJson());
    if (file.is_string())
        settings << VerificationEditor::tr("file %1").arg(
            QString::fromStdString(file.get<std::string>()));
    return QString::fromStdString(output) + QStringLiteral(": ") +
           (settings.isEmpty() ? VerificationEditor::tr("the section's tolerances")
                               : settings.join(QStringLiteral("; ")));
}

// The parameters' names and value lists (a range's first values), as the pickers offer them.
QList<QPair<QString, QStringList>> parameterChoices(const SpecJson &spec)
{
    QList<QPair<QString, QStringList>> choices;
    const SpecJson parameters = spec.value("parameters", SpecJson::array());
    if (!parameters.is_array())
        return choices;
    for (const auto &parameter : parameters) {
        if (!parameter.is_object() || !parameter.contains("name") || !parameter["name"].is_string())
            continue;
        QStringList values;
        const SpecJson list = parameter.value("values", SpecJson::array());
        for (const auto &value : list.is_array() ? list : SpecJson::array())
            values << FieldCodec::formatNumber(value);
        const SpecJson range = parameter.value("range", SpecJson());
        if (range.is_object() || range.is_array()) {
            const SpecJson start = range.is_object() ? range.value("start", SpecJson())
                                   : !range.empty()  ? range[0]
                                                     : SpecJson();
            const SpecJson stop = range.is_object()  ? range.value("stop", SpecJson())
                                  : range.size() > 1 ? range[1]
                                                     : SpecJson();
            const SpecJson step = range.is_object()  ? range.value("step", SpecJson(1))
                                  : range.size() > 2 ? range[2]
                                                     : SpecJson(1);
            if (start.is_number() && stop.is_number() && step.is_number() && step != 0) {
                const double a = start.get<double>(), b = stop.get<double>(),
                             s = step.get<double>();
                for (double v = a; (s > 0 ? v <= b : v >= b) && values.size() < 1000; v += s)
                    values << FieldCodec::formatNumber(FieldCodec::number(v));
            }
        }
        choices.append({QString::fromStdString(parameter["name"].get<std::string>()), values});
    }
    return choices;
}

} // namespace

VerificationEditor::VerificationEditor(SpecDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document),
      m_useReference(new QCheckBox(tr("Check outputs against a reference configuration"), this)),
      m_pickers(new QFormLayout), m_referenceError(new ErrorLabel(this))
{
    m_useReference->setObjectName(QStringLiteral("useReference"));
    m_useReference->setToolTip(tr("Every configuration's output buffers are compared with the "
                                  "reference configuration's, for each problem size"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_useReference);
    m_pickers->setContentsMargins(20, 0, 0, 0);
    m_pickers->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    layout->addLayout(m_pickers);
    layout->addWidget(m_referenceError);
    auto *form = new QFormLayout;
    layout->addLayout(form);
    m_rtol = formrows::addField(form, document, FieldCodec::Kind::Number,
                                {tr("Relative tolerance:"), "/verification/rtol",
                                 tr("Allowed |out - ref| relative to |ref|"), tr("1e-5")});
    m_atol = formrows::addField(form, document, FieldCodec::Kind::Number,
                                {tr("Absolute tolerance:"), "/verification/atol",
                                 tr("Allowed |out - ref| near zero"), tr("1e-8")});

    m_expected = new QLabel(this);
    m_expected->setObjectName(QStringLiteral("expectedOutputs"));
    m_expected->setWordWrap(true);
    m_expected->setToolTip(tr("Each output's own tolerances and allowed mismatches "
                              "(verification.expected); edit them in the spec's JSON"));
    layout->addWidget(m_expected);
    m_expectedError = new ErrorLabel(this);
    layout->addWidget(m_expectedError);

    connect(m_useReference, &QCheckBox::clicked, this, &VerificationEditor::onReferenceToggled);
    connect(m_document, &SpecDocument::changed, this, [this](const QString &pointer) {
        if (jsonpointer::overlaps(pointer, QStringLiteral("/parameters")) ||
            jsonpointer::overlaps(pointer, kReference))
            refresh();
        if (jsonpointer::overlaps(pointer, kExpected))
            refreshExpected();
    });
    connect(m_document, &SpecDocument::validated, this, [this] {
        m_referenceError->setErrors(m_document->errorsUnder(kReference));
        m_expectedError->setErrors(m_document->errorsUnder(kExpected));
    });
    refresh();
    refreshExpected();
}

void VerificationEditor::refreshExpected()
{
    const SpecJson expected = m_document->value(kExpected);
    QStringList lines;
    if (expected.is_object())
        for (const auto &item : expected.items())
            if (item.value().is_object())
                lines << expectedLine(item.key(), item.value());
    m_expected->setText(lines.isEmpty() ? QString()
                                        : tr("Per output:") + QStringLiteral("\n") +
                                              lines.join(QLatin1Char('\n')));
    m_expected->setVisible(!lines.isEmpty());
}

QComboBox *VerificationEditor::referenceCombo(const QString &parameter) const
{
    for (auto *combo : m_combos) {
        if (combo->property("parameter").toString() == parameter)
            return combo;
    }
    return nullptr;
}

void VerificationEditor::rebuildPickers()
{
    while (m_pickers->rowCount() > 0)
        m_pickers->removeRow(0);
    m_combos.clear();
    for (const auto &[name, values] : parameterChoices(m_document->json())) {
        auto *combo = new QComboBox(this);
        combo->setObjectName(QStringLiteral("reference_") + name);
        combo->setProperty("parameter", name);
        combo->addItems(values);
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        combo->setMinimumContentsLength(6);
        connect(combo, &QComboBox::activated, this, [this, combo, name = name] {
            const auto number = FieldCodec::toNumber(combo->currentText());
            if (number)
                m_document->setValue(jsonpointer::child(kReference, name),
                                     FieldCodec::number(*number), SpecDocument::Merge::Separate,
                                     tr("Set reference %1").arg(name));
        });
        m_pickers->addRow(name + QLatin1Char(':'), combo);
        m_combos << combo;
    }
}

void VerificationEditor::refresh()
{
    const auto choices = parameterChoices(m_document->json());
    QString shape;
    for (const auto &[name, values] : choices)
        shape += name + QLatin1Char('=') + values.join(QLatin1Char(',')) + QLatin1Char(';');
    if (shape != m_pickerShape) {
        m_pickerShape = shape;
        rebuildPickers();
    }
    const SpecJson reference = m_document->value(kReference);
    const bool on = reference.is_object();
    {
        const QSignalBlocker blocker(m_useReference);
        m_useReference->setChecked(on);
    }
    for (auto *combo : std::as_const(m_combos)) {
        const std::string name = combo->property("parameter").toString().toStdString();
        const QString value =
            on && reference.contains(name) ? FieldCodec::formatNumber(reference[name]) : QString();
        const QSignalBlocker blocker(combo);
        int index = combo->findText(value);
        if (index < 0 && !value.isEmpty()) { // not one of the values: show it as it is
            combo->addItem(value);
            index = combo->count() - 1;
        }
        combo->setCurrentIndex(index);
        combo->setEnabled(on);
    }
}

void VerificationEditor::onReferenceToggled(bool on)
{
    if (!on) {
        m_document->removeValue(kReference, SpecDocument::Merge::Separate,
                                tr("Stop checking against a reference"));
        return;
    }
    // Start from the first value of every parameter; the user picks from there.
    SpecJson reference = SpecJson::object();
    for (const auto &[name, values] : parameterChoices(m_document->json())) {
        if (auto number = FieldCodec::toNumber(values.value(0)))
            reference[name.toStdString()] = FieldCodec::number(*number);
    }
    m_document->setValue(kReference, reference, SpecDocument::Merge::Separate,
                         tr("Check against a reference"));
}

} // namespace tb
