#include "parameterseditor.h"

#include "combodelegate.h"
#include "document/specdocument.h"
#include "errorlabel.h"
#include "parametersmodel.h"
#include "specnames.h"
#include "tableeditorsupport.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPushButton>
#include <QTableView>

namespace tb {

namespace {

const QString kParameters = QStringLiteral("/parameters");

} // namespace

ParametersEditor::ParametersEditor(SpecDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_model(new ParametersModel(document, this)),
      m_view(new QTableView(this)),
      m_add(tableeditor::button(this, tr("Add"), tr("Add a parameter (Insert)"),
                                QStringLiteral("addParameter"))),
      m_remove(tableeditor::button(this, tr("Remove"), tr("Remove the selected parameter (Delete)"),
                                   QStringLiteral("removeParameter"))),
      m_up(tableeditor::button(this, tr("Up"), tr("Move the selected parameter up (Alt+Up)"),
                               QStringLiteral("moveParameterUp"))),
      m_down(tableeditor::button(this, tr("Down"),
                                 tr("Move the selected parameter down (Alt+Down)"),
                                 QStringLiteral("moveParameterDown"))),
      m_error(new ErrorLabel(this))
{
    m_view->setObjectName(QStringLiteral("parametersView"));
    m_view->setModel(m_model);
    tableeditor::setUp(m_view);
    m_view->setItemDelegateForColumn(
        ParametersModel::Kind,
        new ComboDelegate({ParametersModel::listText(), ParametersModel::rangeText()}, m_view));
    m_view->horizontalHeader()->setSectionResizeMode(ParametersModel::Values, QHeaderView::Stretch);
    m_view->horizontalHeader()->setStretchLastSection(false);
    const tableeditor::RowButtons buttons{m_add, m_remove, m_up, m_down};
    tableeditor::connectRowButtons(this, &ParametersEditor::addParameter, m_view, buttons);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    layout->addLayout(tableeditor::buttonRow(buttons));
    layout->addWidget(m_error);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &ParametersEditor::updateButtons);
    connect(m_model, &QAbstractItemModel::modelReset, this, &ParametersEditor::updateButtons);
    connect(m_document, &SpecDocument::validated, this,
            [this] { m_error->setErrors(m_model->problems()); });
    updateButtons();
}

void ParametersEditor::addParameter()
{
    const QStringList taken =
        specnames::parameters(m_document->json()) + specnames::sizes(m_document->json());
    QString name;
    for (int n = m_model->rowCount() + 1; name.isEmpty() || taken.contains(name); ++n)
        name = QStringLiteral("P%1").arg(n);
    const int row = m_model->rowCount();
    const SpecJson parameter = {{"name", name.toStdString()}, {"values", {1, 2}}};
    if (!m_document->insertElement(kParameters, row, parameter, tr("Add parameter")))
        return;
    selectRow(row);
    m_view->edit(m_model->index(row, ParametersModel::Name)); // name it right away
}

void ParametersEditor::removeCurrent()
{
    selectRow(
        tableeditor::removeCurrentElement(m_view, m_document, kParameters, tr("Remove parameter")));
}

void ParametersEditor::moveCurrent(int delta)
{
    selectRow(tableeditor::moveCurrentElement(m_view, m_document, kParameters, delta,
                                              tr("Move parameter")));
}

void ParametersEditor::selectRow(int row)
{
    if (tableeditor::selectRow(m_view, row))
        updateButtons();
}

void ParametersEditor::updateButtons()
{
    tableeditor::updateRowButtons(m_view, m_remove, m_up, m_down);
}

} // namespace tb
