#include "helpmenu.h"

#include "aboutdialog.h"
#include "markdowndialog.h"
#include "shortcutsdialog.h"

#include <QApplication>
#include <QMainWindow>

namespace tb {

HelpMenu::HelpMenu(QMainWindow *window, QTabWidget *pages)
    : QMenu(tr("&Help"), window), m_window(window), m_pages(pages)
{
    m_guide = addAction(tr("&Getting started"), this, &HelpMenu::showGuide);
    m_guide->setShortcut(QKeySequence(Qt::Key_F1));
    m_guide->setStatusTip(tr("Open and run an example, read its results, compare, export"));
    m_specReference = addAction(tr("&Spec reference"), this, &HelpMenu::showSpecReference);
    m_specReference->setStatusTip(tr("Every field of a spec file (FORMAT.md)"));
    m_shortcuts = addAction(tr("&Keyboard shortcuts"), this, &HelpMenu::showShortcuts);
    addSeparator();
    m_about = addAction(tr("&About Tunebench"), this, &HelpMenu::showAbout);
    addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

MarkdownDialog *HelpMenu::showGuide()
{
    if (!m_guideDialog)
        m_guideDialog = new MarkdownDialog(
            tr("Getting started"), QStringLiteral(":/tunebench/help/getting-started.md"), m_window);
    present(m_guideDialog);
    return m_guideDialog;
}

MarkdownDialog *HelpMenu::showSpecReference()
{
    if (!m_specDialog)
        m_specDialog = new MarkdownDialog(tr("Spec reference"),
                                          QStringLiteral(":/tunebench/help/FORMAT.md"), m_window);
    present(m_specDialog);
    return m_specDialog;
}

ShortcutsDialog *HelpMenu::showShortcuts()
{
    if (!m_shortcutsDialog)
        m_shortcutsDialog = new ShortcutsDialog(m_window, m_pages);
    present(m_shortcutsDialog); // lists the shortcuts again as it shows
    return m_shortcutsDialog;
}

AboutDialog *HelpMenu::showAbout()
{
    if (!m_aboutDialog)
        m_aboutDialog = new AboutDialog(m_window);
    present(m_aboutDialog);
    return m_aboutDialog;
}

// show(), never exec(): the windows stay open beside the workbench.
void HelpMenu::present(QWidget *dialog)
{
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

} // namespace tb
