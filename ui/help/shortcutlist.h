#pragma once

#include <QList>
#include <QString>

class QAction;
class QMainWindow;
class QTabWidget;

namespace tb {

// One row of Help > Keyboard shortcuts.
struct ShortcutEntry
{
    QString place;                   // "Run", "File > Open Recent", "Kernel page"
    QString action;                  // the action's text without its mnemonic: "Verify export..."
    QString keys;                    // "Ctrl+Shift+E", several separated by ", "
    const QAction *source = nullptr; // the first of alike actions
};

// Every action of the window that has a shortcut, read from the actions themselves so that the
// list cannot go stale: the menu bar's menus first, in their order (a menu item that only shows
// its key after a tab, as the Edit menu's Undo does, counts with that key), then the other
// actions of the window's widgets, placed by the page (tab of pages) they belong to.
QList<ShortcutEntry> collectShortcuts(const QMainWindow *window, const QTabWidget *pages);

// "&Verify export..." -> "Verify export..." ("&&" is a literal "&").
QString withoutMnemonic(const QString &text);

} // namespace tb
