#include "shortcutlist.h"

#include <QAction>
#include <QGroupBox>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QTabWidget>

namespace tb {

namespace {

QString keysText(const QList<QKeySequence> &keys)
{
    QStringList texts;
    for (const QKeySequence &key : keys)
        texts << key.toString(QKeySequence::NativeText);
    return texts.join(QStringLiteral(", "));
}

// A menu item's text and keys: its shortcuts, else the key a proxy item shows after a tab.
ShortcutEntry entryOf(const QString &place, const QAction *action)
{
    const QString text = action->text();
    const QString label = withoutMnemonic(text.section(QLatin1Char('\t'), 0, 0));
    const QString shown = text.section(QLatin1Char('\t'), 1);
    return {place, label, action->shortcuts().isEmpty() ? shown : keysText(action->shortcuts()),
            action};
}

void collectMenu(const QMenu *menu, const QString &place, QList<ShortcutEntry> &entries,
                 QSet<const QAction *> &seen)
{
    for (const QAction *action : menu->actions()) {
        if (action->isSeparator())
            continue;
        seen.insert(action);
        if (const QMenu *sub = action->menu()) {
            collectMenu(sub, place + QStringLiteral(" > ") + withoutMnemonic(action->text()),
                        entries, seen);
            continue;
        }
        ShortcutEntry entry = entryOf(place, action);
        if (!entry.keys.isEmpty())
            entries << entry;
    }
}

// The titles of the group boxes between widget and top ("Parameters"), outermost first.
QStringList groupsBetween(const QWidget *widget, const QWidget *top)
{
    QStringList titles;
    for (; widget && widget != top; widget = widget->parentWidget())
        if (const auto *box = qobject_cast<const QGroupBox *>(widget))
            titles.prepend(withoutMnemonic(box->title()));
    return titles;
}

// "Kernel page", "Space page > Parameters" (a group box on the page) for an action on a
// widget of a tab; else the title of the window it is on.
QString placeOf(const QAction *action, const QMainWindow *window, const QTabWidget *pages)
{
    for (const QObject *object : action->associatedObjects()) {
        const auto *widget = qobject_cast<const QWidget *>(object);
        if (!widget)
            continue;
        for (int i = 0; pages && i < pages->count(); ++i) {
            const QWidget *page = pages->widget(i);
            if (page == widget || page->isAncestorOf(widget))
                return (QStringList{QObject::tr("%1 page").arg(withoutMnemonic(pages->tabText(i)))}
                        << groupsBetween(widget, page))
                    .join(QStringLiteral(" > "));
        }
        if (widget->window() != window && !widget->window()->windowTitle().isEmpty())
            return widget->window()->windowTitle();
    }
    return QObject::tr("Window");
}

// An action's name in the list; some actions exist only for their key and have no text.
QString nameOf(const QAction *action)
{
    const QString text = withoutMnemonic(action->text());
    return text.isEmpty() ? QObject::tr("(no name)") : text;
}

} // namespace

QString withoutMnemonic(const QString &text)
{
    QString plain;
    plain.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('&') && i + 1 < text.size())
            ++i; // "&x" -> "x", "&&" -> "&"
        plain += text[i];
    }
    return plain;
}

QList<ShortcutEntry> collectShortcuts(const QMainWindow *window, const QTabWidget *pages)
{
    QList<ShortcutEntry> entries;
    QSet<const QAction *> seen;
    for (const QAction *top : window->menuBar()->actions())
        if (const QMenu *menu = top->menu())
            collectMenu(menu, withoutMnemonic(top->text()), entries, seen);
    // Actions that live on a page or a widget rather than in a menu (the Kernel page's
    // Compile config, a table's keys). Alike ones (each table editor's Ins) are listed once.
    QSet<QString> rows;
    for (const QAction *action : window->findChildren<QAction *>()) {
        if (seen.contains(action) || action->shortcuts().isEmpty())
            continue;
        seen.insert(action);
        const ShortcutEntry entry{placeOf(action, window, pages), nameOf(action),
                                  keysText(action->shortcuts()), action};
        const QString row =
            entry.place + QLatin1Char('\n') + entry.action + QLatin1Char('\n') + entry.keys;
        if (!rows.contains(row))
            entries << entry;
        rows.insert(row);
    }
    return entries;
}

} // namespace tb
