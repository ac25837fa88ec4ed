#include "resultrowactions.h"

#include "models/resultsfeed.h"
#include "models/resultsmodel.h"
#include "resultsfilterproxy.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QItemSelectionModel>
#include <QShortcut>
#include <QTableView>

namespace tb {

ResultRowActions::ResultRowActions(QTableView *table, ResultsFilterProxy *proxy,
                                   const ResultsFeed *feed, QObject *parent)
    : QObject(parent), m_table(table), m_proxy(proxy), m_feed(feed)
{
    m_compile = addAction(tr("Compile in &Kernel page"), QKeySequence(Qt::CTRL | Qt::Key_B),
                          tr("Pick this configuration and size in the Kernel page and compile "
                             "it there: its resources beside its measured figures (Ctrl+B)"),
                          &ResultRowActions::compileRequested);
    m_copyDefines = addAction(tr("Copy -&D flags"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C),
                              tr("Copy the -D flags the backend compiles this configuration with "
                                 "(Ctrl+Shift+C)"),
                              &ResultRowActions::copyDefinesRequested);
    m_copyLaunch =
        addAction(tr("Copy launch &geometry"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G),
                  tr("Copy the grid and block the spec's launch expressions give this "
                     "configuration and size (CUDA specs; Ctrl+Shift+G)"),
                  &ResultRowActions::copyLaunchRequested);
    m_baseline =
        addAction(tr("Set as &baseline"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B),
                  tr("Make this result the Compare page's baseline: the others' differences "
                     "are read against it (measured results only; Ctrl+Shift+B)"),
                  &ResultRowActions::baselineRequested);
    // The window's own actions on the table (Compare Selected) follow, apart.
    auto *separator = new QAction(this);
    separator->setSeparator(true);
    m_table->addAction(separator);

    // The menu key opens the menu where the keyboard is, as Shift+F10 does on other desktops.
    for (const QKeySequence &keys :
         {QKeySequence(Qt::SHIFT | Qt::Key_F10), QKeySequence(Qt::Key_Menu)})
        new QShortcut(keys, m_table, this, &ResultRowActions::showMenuAtCurrentRow,
                      Qt::WidgetShortcut);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ResultRowActions::updateEnabled);
    // A row's result changes (a finalist's rounds), rows go (a new run): judge again.
    connect(m_proxy, &QAbstractItemModel::dataChanged, this, &ResultRowActions::updateEnabled);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &ResultRowActions::updateEnabled);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &ResultRowActions::updateEnabled);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &ResultRowActions::updateEnabled);
    updateEnabled();
}

QAction *ResultRowActions::addAction(const QString &text, const QKeySequence &keys,
                                     const QString &tip,
                                     void (ResultRowActions::*signal)(const tb::ResultEvent &))
{
    auto *action = new QAction(text, this);
    action->setShortcut(keys);
    // Only while the table has the focus: the Kernel page's Ctrl+B stays its own.
    action->setShortcutContext(Qt::WidgetShortcut);
    action->setToolTip(tip);
    action->setStatusTip(tip);
    connect(action, &QAction::triggered, this, [this, signal] {
        if (const auto event = currentResult())
            emit(this->*signal)(*event);
    });
    m_table->addAction(action);
    return action;
}

std::optional<ResultEvent> ResultRowActions::currentResult() const
{
    const QModelIndex source = m_proxy->mapToSource(m_table->currentIndex());
    if (!source.isValid() || source.row() >= m_feed->model()->rowCount())
        return std::nullopt;
    return m_feed->model()->resultAt(source.row());
}

void ResultRowActions::updateEnabled()
{
    const auto event = currentResult();
    m_compile->setEnabled(event.has_value());
    m_copyDefines->setEnabled(event.has_value());
    m_copyLaunch->setEnabled(event && m_feed->outline().cuda);
    m_baseline->setEnabled(event && event->result.status == ResultStatus::Ok);
}

void ResultRowActions::showMenuAtCurrentRow()
{
    const QRect cell = m_table->visualRect(m_table->currentIndex());
    const QPoint at =
        m_table->viewport()->mapTo(m_table, cell.isValid() ? cell.center() : QPoint(0, 0));
    // A keyboard context menu event: the table shows its actions (Qt::ActionsContextMenu).
    QContextMenuEvent event(QContextMenuEvent::Keyboard, at, m_table->mapToGlobal(at));
    QCoreApplication::sendEvent(m_table, &event);
}

} // namespace tb
