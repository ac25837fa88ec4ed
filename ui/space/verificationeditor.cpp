#include "verificationeditor.h"

#include "document/specdocument.h"
#include "errorlabel.h"
#include "fieldcodec.h"
#include "formrows.h"
#include "jsonfield.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace tb {

namespace {

const QString kReference = QStringLiteral("/verification/reference");

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

    connect(m_useReference, &QCheckBox::clicked, this, &VerificationEditor::onReferenceToggled);
    connect(m_document, &SpecDocument::changed, this, [this](const QString &pointer) {
        if (jsonpointer::overlaps(pointer, QStringLiteral("/parameters")) ||
            jsonpointer::overlaps(pointer, kReference))
            refresh();
    });
    connect(m_document, &SpecDocument::validated, this,
            [this] { m_referenceError->setErrors(m_document->errorsUnder(kReference)); });
    refresh();
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
