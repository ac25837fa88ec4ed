#pragma once

#include <QHash>
#include <QMenu>
#include <QMetaObject>
#include <QPointer>

class QTabWidget;

namespace tb {

class PreferencesController;

// The main window's Edit menu: Undo and Redo of the page shown, and Preferences. A page that
// keeps an undo history registers its own Undo / Redo actions (addUndoTarget); the menu's items
// act on the current page's, follow their text ("Undo Set parameter values") and enabled
// state, and are disabled on pages without a history. The menu's items carry no shortcuts of
// their own (the pages' actions own Ctrl+Z and Ctrl+Shift+Z while they have the focus); the
// key is shown beside the text.
class EditMenu : public QMenu
{
    Q_OBJECT
public:
    EditMenu(QTabWidget *pages, QWidget *parent);

    void addUndoTarget(QWidget *page, QAction *undo, QAction *redo);

    QAction *undoAction() const { return m_undo; }
    QAction *redoAction() const { return m_redo; }
    PreferencesController *preferences() const { return m_preferences; }

private:
    struct Target
    {
        QPointer<QAction> undo;
        QPointer<QAction> redo;
    };

    void followCurrentPage();
    void mirror(QAction *proxy, QAction *target, const QKeySequence &standardKey);

    QTabWidget *m_pages;
    QAction *m_undo;
    QAction *m_redo;
    PreferencesController *m_preferences;
    QHash<QWidget *, Target> m_targets;
    Target m_current;
    QList<QMetaObject::Connection> m_followed;
};

} // namespace tb
