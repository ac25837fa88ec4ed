#include "constraintseditor.h"

#include "document/specdocument.h"
#include "elementrows.h"
#include "errorlabel.h"
#include "fieldlineedit.h"
#include "jsonfield.h"
#include "specnames.h"
#include "validcounter.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QToolButton>

namespace tb {

namespace {

const QString kConstraints = QStringLiteral("/constraints");

} // namespace

ConstraintsEditor::ConstraintsEditor(SpecDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_rowLayout(new QVBoxLayout),
      m_add(new QPushButton(tr("Add constraint"), this)), m_error(new ErrorLabel(this)),
      m_count(new QLabel(this)), m_counter(new ValidCounter(this))
{
    m_add->setObjectName(QStringLiteral("addConstraint"));
    m_add->setToolTip(tr("Add a condition every configuration must satisfy, such as "
                         "BM * BN <= 1024 (it may use parameters and problem sizes)"));
    m_count->setObjectName(QStringLiteral("validCount"));
    m_count->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_count->setToolTip(tr("Configurations that pass every constraint, of all combinations "
                           "of parameter values, for each problem size"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    elementrows::addRowsAndButton(layout, m_rowLayout, m_add);
    layout->addWidget(m_error);
    layout->addWidget(m_count);

    connect(m_add, &QPushButton::clicked, this, &ConstraintsEditor::addConstraint);
    connect(m_document, &SpecDocument::changed, this, &ConstraintsEditor::onDocumentChanged);
    connect(m_document, &SpecDocument::validated, this,
            [this] { m_error->setErrors(m_document->errorsAt(kConstraints)); });
    connect(m_counter, &ValidCounter::countingStarted, this, &ConstraintsEditor::showCount);
    connect(m_counter, &ValidCounter::counted, this, &ConstraintsEditor::showCount);
    onDocumentChanged(QString());
}

void ConstraintsEditor::addConstraint()
{
    const int index = elementrows::count(m_document, kConstraints);
    if (m_document->insertElement(kConstraints, index, "", tr("Add constraint")) &&
        index < rowCount())
        m_rows[index].field->lineEdit()->setFocus();
}

void ConstraintsEditor::onDocumentChanged(const QString &pointer)
{
    // Renaming a parameter or size changes what the expressions may use; any edit of the grid
    // changes the count.
    const bool grid = jsonpointer::overlaps(pointer, QStringLiteral("/parameters")) ||
                      jsonpointer::overlaps(pointer, QStringLiteral("/problem_sizes"));
    if (jsonpointer::overlaps(pointer, kConstraints))
        syncRows();
    if (grid) {
        for (const auto &row : std::as_const(m_rows))
            row.field->refreshErrors();
    }
    if (grid || jsonpointer::overlaps(pointer, kConstraints))
        m_counter->request(m_document->json());
}

void ConstraintsEditor::syncRows()
{
    elementrows::sync(m_rows, m_document, kConstraints, m_rowLayout,
                      [this](int index) { return makeRow(index); });
}

ConstraintsEditor::Row ConstraintsEditor::makeRow(int index)
{
    Row row;
    row.widget = new QWidget(this);
    row.field = new JsonField(m_document, FieldCodec::Kind::Expression, row.widget);
    row.field->setObjectName(QStringLiteral("constraint%1").arg(index));
    row.field->lineEdit()->setPlaceholderText(tr("expression, e.g. BM * BN <= 1024"));
    row.field->setHelp(tr("Keeps a configuration when non-zero: + - * / ^ %, comparisons, "
                          "&& ||, ?:, min max floor ceil ceil_div div abs sqrt log2"));
    row.field->setCheck([this](const QString &text) {
        return specnames::checkExpression(text,
                                          specnames::expressionNames(m_document->json(), false));
    });
    row.field->setPointer(jsonpointer::child(kConstraints, index));
    row.remove = elementrows::removeButton(row.widget, m_document, kConstraints, index,
                                           tr("Remove this constraint"), tr("Remove constraint"));
    auto *layout = new QHBoxLayout(row.widget);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(row.field, 1);
    layout->addWidget(row.remove, 0, Qt::AlignTop);
    return row;
}

void ConstraintsEditor::showCount()
{
    if (m_counter->isCounting()) {
        m_count->setText(tr("counting..."));
        return;
    }
    const auto &outcome = m_counter->outcome();
    if (!outcome.error.isEmpty()) {
        m_count->setText(tr("Valid configurations: not known (%1)").arg(outcome.error));
        return;
    }
    const QLocale locale;
    QStringList lines;
    for (const auto &size : outcome.sizes)
        lines << tr("%1: %2 of %3 valid")
                     .arg(size.label, locale.toString(size.valid), locale.toString(size.total));
    m_count->setText(lines.join(QLatin1Char('\n')));
}

} // namespace tb
