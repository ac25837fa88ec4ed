#include "editmenu.h"

#include "preferencescontroller.h"

#include <QAction>
#include <QTabWidget>

namespace tb {

namespace {

// The text without a previous "\tkey" suffix.
QString plainText(const QString &text)
{
    return text.section(QLatin1Char('\t'), 0, 0);
}

} // namespace

EditMenu::EditMenu(QTabWidget *pages, QWidget *parent)
    : QMenu(tr("&Edit"), parent), m_pages(pages), m_undo(new QAction(tr("&Undo"), this)),
      m_redo(new QAction(tr("&Redo"), this)), m_preferences(new PreferencesController(parent))
{
    m_undo->setStatusTip(tr("Undo the last edit on this page"));
    m_redo->setStatusTip(tr("Redo the edit undone last on this page"));
    addAction(m_undo);
    addAction(m_redo);
    addSeparator();
    addAction(m_preferences->action());
    connect(m_undo, &QAction::triggered, this, [this] {
        if (m_current.undo)
            m_current.undo->trigger();
    });
    connect(m_redo, &QAction::triggered, this, [this] {
        if (m_current.redo)
            m_current.redo->trigger();
    });
    connect(m_pages, &QTabWidget::currentChanged, this, &EditMenu::followCurrentPage);
    followCurrentPage();
}

void EditMenu::addUndoTarget(QWidget *page, QAction *undo, QAction *redo)
{
    m_targets.insert(page, {undo, redo});
    followCurrentPage();
}

void EditMenu::followCurrentPage()
{
    for (const auto &connection : std::as_const(m_followed))
        disconnect(connection);
    m_followed.clear();
    m_current = m_targets.value(m_pages->currentWidget());
    const auto follow = [this](QAction *proxy, QAction *target, QKeySequence::StandardKey key) {
        mirror(proxy, target, key);
        if (target)
            m_followed << connect(target, &QAction::changed, proxy,
                                  [this, proxy, target, key] { mirror(proxy, target, key); });
    };
    follow(m_undo, m_current.undo, QKeySequence::Undo);
    follow(m_redo, m_current.redo, QKeySequence::Redo);
}

void EditMenu::mirror(QAction *proxy, QAction *target, const QKeySequence &standardKey)
{
    if (!target) {
        proxy->setText(proxy == m_undo ? tr("&Undo") : tr("&Redo"));
        proxy->setEnabled(false);
        return;
    }
    const QKeySequence key = target->shortcut().isEmpty() ? standardKey : target->shortcut();
    proxy->setText(plainText(target->text()) + QLatin1Char('\t') +
                   key.toString(QKeySequence::NativeText));
    proxy->setEnabled(target->isEnabled());
}

} // namespace tb
