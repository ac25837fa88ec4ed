#pragma once

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QString>

// The File menu's action whose text is `text` (with its & mnemonic), or nullptr: the dialog
// tests start their dialogs as a user does, from the menu.
inline QAction *fileMenuAction(QMainWindow &window, const QString &text)
{
    for (QMenu *menu : window.menuBar()->findChildren<QMenu *>())
        if (menu->title() == QStringLiteral("&File"))
            for (QAction *action : menu->actions())
                if (action->text() == text)
                    return action;
    return nullptr;
}
