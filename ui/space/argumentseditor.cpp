#include "argumentseditor.h"

#include "argumentsmodel.h"
#include "bufferiniteditor.h"
#include "combodelegate.h"
#include "document/specdocument.h"
#include "errorlabel.h"
#include "specnames.h"
#include "tableeditorsupport.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPushButton>
#include <QTableView>

namespace tb {

namespace {

const QString kArguments = QStringLiteral("/arguments");

} // namespace

ArgumentsEditor::ArgumentsEditor(SpecDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_model(new ArgumentsModel(document, this)),
      m_view(new QTableView(this)), m_init(new BufferInitEditor(document, this)),
      m_add(tableeditor::button(this, tr("Add"), tr("Add an argument (Insert)"),
                                QStringLiteral("addArgument"))),
      m_remove(tableeditor::button(this, tr("Remove"), tr("Remove the selected argument (Delete)"),
                                   QStringLiteral("removeArgument"))),
      m_up(tableeditor::button(this, tr("Up"), tr("Move the selected argument up (Alt+Up)"),
                               QStringLiteral("moveArgumentUp"))),
      m_down(tableeditor::button(this, tr("Down"), tr("Move the selected argument down (Alt+Down)"),
                                 QStringLiteral("moveArgumentDown"))),
      m_error(new ErrorLabel(this))
{
    m_view->setObjectName(QStringLiteral("argumentsView"));
    m_view->setModel(m_model);
    tableeditor::setUp(m_view);
    m_view->setItemDelegateForColumn(ArgumentsModel::Kind,
                                     new ComboDelegate(ArgumentsModel::kinds(), m_view));
    m_view->setItemDelegateForColumn(ArgumentsModel::Type,
                                     new ComboDelegate(ArgumentsModel::types(), m_view));
    m_view->horizontalHeader()->setSectionResizeMode(ArgumentsModel::SizeOrValue,
                                                     QHeaderView::Stretch);
    m_view->horizontalHeader()->setStretchLastSection(false);
    const tableeditor::RowButtons buttons{m_add, m_remove, m_up, m_down};
    tableeditor::connectRowButtons(this, &ArgumentsEditor::addArgument, m_view, buttons);

    auto *table = new QVBoxLayout;
    table->addWidget(m_view);
    table->addLayout(tableeditor::buttonRow(buttons));
    table->addWidget(m_error);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(table, 3);
    layout->addWidget(m_init, 1, Qt::AlignTop);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &ArgumentsEditor::onCurrentChanged);
    connect(m_model, &QAbstractItemModel::modelReset, this, &ArgumentsEditor::onCurrentChanged);
    connect(m_document, &SpecDocument::validated, this,
            [this] { m_error->setErrors(m_model->problems()); });
    onCurrentChanged();
}

void ArgumentsEditor::addArgument()
{
    const int row = m_model->rowCount();
    const QStringList taken = specnames::arguments(m_document->json());
    QString name;
    for (int n = row + 1; name.isEmpty() || taken.contains(name); ++n)
        name = QStringLiteral("arg%1").arg(n);
    const SpecJson argument = {
        {"name", name.toStdString()}, {"kind", "buffer"}, {"type", "float32"}, {"size", "1"}};
    if (!m_document->insertElement(kArguments, row, argument, tr("Add argument")))
        return;
    selectRow(row);
    m_view->edit(m_model->index(row, ArgumentsModel::Name));
}

void ArgumentsEditor::removeCurrent()
{
    selectRow(
        tableeditor::removeCurrentElement(m_view, m_document, kArguments, tr("Remove argument")));
}

void ArgumentsEditor::moveCurrent(int delta)
{
    selectRow(tableeditor::moveCurrentElement(m_view, m_document, kArguments, delta,
                                              tr("Move argument")));
}

int ArgumentsEditor::currentRow() const
{
    return tableeditor::currentRow(m_view);
}

void ArgumentsEditor::selectRow(int row)
{
    if (tableeditor::selectRow(m_view, row))
        onCurrentChanged();
}

void ArgumentsEditor::onCurrentChanged()
{
    const int row = currentRow();
    m_init->setArgument(row >= 0 ? m_model->rowPointer(row) : QString());
    tableeditor::updateRowButtons(m_view, m_remove, m_up, m_down);
}

} // namespace tb
