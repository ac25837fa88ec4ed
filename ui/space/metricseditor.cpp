#include "metricseditor.h"

#include "document/specdocument.h"
#include "elementrows.h"
#include "fieldlineedit.h"
#include "formrows.h"
#include "jsoncombofield.h"
#include "jsonfield.h"
#include "specnames.h"

#include "model/spec.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QPushButton>
#include <QToolButton>

namespace tb {

namespace {

const QString kMetrics = QStringLiteral("/metrics");

} // namespace

MetricsEditor::MetricsEditor(SpecDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_rowLayout(new QVBoxLayout),
      m_add(new QPushButton(tr("Add metric"), this))
{
    m_add->setObjectName(QStringLiteral("addMetric"));
    m_add->setToolTip(tr("Add a derived metric computed from the median time"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    elementrows::addRowsAndButton(layout, m_rowLayout, m_add);
    auto *form = new QFormLayout;
    layout->addLayout(form);
    m_objective = formrows::addCombo(form, document, {},
                                     {tr("Objective:"),
                                      "/objective/metric",
                                      tr("What the search optimises: the time, the energy per "
                                         "launch (energy), energy x time (edp) or a metric"),
                                      {}});
    m_direction = formrows::addCombo(form, document, {"minimize", "maximize"},
                                     {tr("Direction:"), "/objective/direction",
                                      tr("Whether smaller or larger is better"), "minimize"});

    connect(m_add, &QPushButton::clicked, this, &MetricsEditor::addMetric);
    connect(m_document, &SpecDocument::changed, this, [this](const QString &pointer) {
        if (jsonpointer::overlaps(pointer, kMetrics)) {
            syncRows();
            refreshObjective();
        }
    });
    syncRows();
    refreshObjective();
}

void MetricsEditor::addMetric()
{
    const int index = rowCount();
    QString name = QStringLiteral("metric%1").arg(index + 1);
    const SpecJson metric = {{"name", name.toStdString()}, {"expression", "1 / time"}};
    if (m_document->insertElement(kMetrics, index, metric, tr("Add metric")) && index < rowCount())
        m_rows[index].name->lineEdit()->setFocus();
}

void MetricsEditor::syncRows()
{
    elementrows::sync(m_rows, m_document, kMetrics, m_rowLayout,
                      [this](int index) { return makeRow(index); });
}

MetricsEditor::Row MetricsEditor::makeRow(int index)
{
    Row row;
    row.widget = new QWidget(this);
    const QString pointer = jsonpointer::child(kMetrics, index);
    row.name = new JsonField(m_document, FieldCodec::Kind::Text, row.widget);
    row.name->setObjectName(QStringLiteral("metricName%1").arg(index));
    row.name->lineEdit()->setPlaceholderText(tr("name, e.g. GB/s"));
    row.name->setPointer(jsonpointer::child(pointer, "name"));
    row.expression = new JsonField(m_document, FieldCodec::Kind::Expression, row.widget);
    row.expression->setObjectName(QStringLiteral("metricExpression%1").arg(index));
    row.expression->lineEdit()->setPlaceholderText(tr("expression, e.g. 3*N*4 / time / 1e9"));
    row.expression->setHelp(tr("May use parameters, problem sizes and time (the median, s)"));
    row.expression->setCheck([this](const QString &text) {
        return specnames::checkExpression(text,
                                          specnames::expressionNames(m_document->json(), true));
    });
    row.expression->setPointer(jsonpointer::child(pointer, "expression"));
    row.remove = elementrows::removeButton(row.widget, m_document, kMetrics, index,
                                           tr("Remove this metric"), tr("Remove metric"));
    auto *layout = new QHBoxLayout(row.widget);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(row.name, 1, Qt::AlignTop);
    layout->addWidget(row.expression, 3, Qt::AlignTop);
    layout->addWidget(row.remove, 0, Qt::AlignTop);
    return row;
}

void MetricsEditor::refreshObjective()
{
    m_objective->setChoices(QStringList{QString::fromLatin1(kObjectiveTime),
                                        QString::fromLatin1(kObjectiveEnergy),
                                        QString::fromLatin1(kObjectiveEdp)} +
                            specnames::metrics(m_document->json()));
    m_objective->setDefault("time");
}

} // namespace tb
