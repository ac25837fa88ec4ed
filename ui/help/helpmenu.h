#pragma once

#include <QMenu>
#include <QPointer>

class QMainWindow;
class QTabWidget;

namespace tb {

class AboutDialog;
class MarkdownDialog;
class ShortcutsDialog;

// The main window's Help menu: Getting started (F1), Spec reference (FORMAT.md), Keyboard
// shortcuts, About Tunebench and About Qt. Each window is made on first use and kept, and
// none is modal: the spec reference stays open beside the Space page.
class HelpMenu : public QMenu
{
    Q_OBJECT
public:
    // pages: the window's tabs, which name where an action off the menus lives.
    HelpMenu(QMainWindow *window, QTabWidget *pages);

    QAction *guideAction() const { return m_guide; }
    QAction *specReferenceAction() const { return m_specReference; }
    QAction *shortcutsAction() const { return m_shortcuts; }
    QAction *aboutAction() const { return m_about; }

    // Show (making on first use) and return each window.
    MarkdownDialog *showGuide();
    MarkdownDialog *showSpecReference();
    ShortcutsDialog *showShortcuts();
    AboutDialog *showAbout();

private:
    static void present(QWidget *dialog);

    QMainWindow *m_window;
    QTabWidget *m_pages;
    QAction *m_guide;
    QAction *m_specReference;
    QAction *m_shortcuts;
    QAction *m_about;
    QPointer<MarkdownDialog> m_guideDialog;
    QPointer<MarkdownDialog> m_specDialog;
    QPointer<ShortcutsDialog> m_shortcutsDialog;
    QPointer<AboutDialog> m_aboutDialog;
};

} // namespace tb
