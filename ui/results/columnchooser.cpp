#include "columnchooser.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QHeaderView>
#include <QMenu>
#include <QSettings>
#include <QTableView>

#include <algorithm>

namespace tb {

ColumnChooser::ColumnChooser(QTableView *view, int idRole, const QString &settingsKey,
                             QObject *parent)
    : QObject(parent), m_view(view), m_idRole(idRole), m_settingsKey(settingsKey),
      m_menu(new QMenu(view))
{
    m_menu->setObjectName(QStringLiteral("columnsMenu"));
    m_menu->setTitle(tr("Columns"));
    const QStringList hidden = QSettings().value(m_settingsKey).toStringList();
    m_hidden = QSet<QString>(hidden.cbegin(), hidden.cend());

    QHeaderView *header = m_view->horizontalHeader();
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QWidget::customContextMenuRequested, this, [this, header](const QPoint &pos) {
        m_menu->popup(header->viewport()->mapToGlobal(pos));
    });
    // The header forgets hidden sections when the model resets (a new run, another spec).
    QAbstractItemModel *model = m_view->model();
    connect(model, &QAbstractItemModel::modelReset, this, &ColumnChooser::applyToView);
    connect(model, &QAbstractItemModel::columnsInserted, this, &ColumnChooser::applyToView);
    connect(model, &QAbstractItemModel::columnsRemoved, this, &ColumnChooser::applyToView);
    connect(model, &QAbstractItemModel::headerDataChanged, this, &ColumnChooser::rebuildMenu);
    applyToView();
}

QString ColumnChooser::idOf(int column) const
{
    const QAbstractItemModel *model = m_view->model();
    const QVariant id = model->headerData(column, Qt::Horizontal, m_idRole);
    return id.isValid() ? id.toString() : model->headerData(column, Qt::Horizontal).toString();
}

QStringList ColumnChooser::columnIds() const
{
    QStringList ids;
    for (int column = 0; column < m_view->model()->columnCount(); ++column)
        ids << idOf(column);
    return ids;
}

QStringList ColumnChooser::hiddenIds() const
{
    QStringList ids(m_hidden.cbegin(), m_hidden.cend());
    ids.sort();
    return ids;
}

void ColumnChooser::setColumnHidden(const QString &id, bool hidden)
{
    if (hidden == m_hidden.contains(id))
        return;
    const QStringList ids = columnIds();
    if (hidden && ids.contains(id)) {
        const int visible = int(std::count_if(
            ids.cbegin(), ids.cend(), [this](const QString &c) { return !m_hidden.contains(c); }));
        if (visible <= 1)
            return; // a table with no column at all helps nobody
    }
    hidden ? void(m_hidden.insert(id)) : void(m_hidden.remove(id));
    save();
    applyToView();
    emit columnsChanged();
}

void ColumnChooser::showAllColumns()
{
    if (m_hidden.isEmpty())
        return;
    m_hidden.clear();
    save();
    applyToView();
    emit columnsChanged();
}

void ColumnChooser::applyToView()
{
    const QStringList ids = columnIds();
    for (int column = 0; column < ids.size(); ++column)
        m_view->setColumnHidden(column, m_hidden.contains(ids.at(column)));
    rebuildMenu();
}

void ColumnChooser::rebuildMenu()
{
    // Later, not now: the action toggled may be the one whose signal got us here.
    for (QAction *action : m_menu->actions()) {
        m_menu->removeAction(action);
        action->deleteLater();
    }
    const QStringList ids = columnIds();
    const auto visible = std::count_if(
        ids.cbegin(), ids.cend(), [this](const QString &id) { return !m_hidden.contains(id); });
    for (int column = 0; column < ids.size(); ++column) {
        const QString id = ids.at(column);
        QAction *action =
            m_menu->addAction(m_view->model()->headerData(column, Qt::Horizontal).toString());
        action->setObjectName(QStringLiteral("column:") + id);
        action->setData(id);
        action->setCheckable(true);
        action->setChecked(!m_hidden.contains(id));
        action->setEnabled(m_hidden.contains(id) || visible > 1);
        connect(action, &QAction::toggled, this,
                [this, id](bool checked) { setColumnHidden(id, !checked); });
    }
    m_menu->addSeparator();
    QAction *all = m_menu->addAction(tr("Show &All Columns"), this, &ColumnChooser::showAllColumns);
    all->setObjectName(QStringLiteral("showAllColumns"));
    all->setEnabled(!m_hidden.isEmpty());
}

void ColumnChooser::save() const
{
    QSettings().setValue(m_settingsKey, hiddenIds());
}

} // namespace tb
