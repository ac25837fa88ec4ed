#pragma once

#include <QDialog>

class QLineEdit;
class QMainWindow;
class QTabWidget;
class QTableWidget;

namespace tb {

// Help > Keyboard shortcuts: a table of where, what and which keys, from collectShortcuts(),
// listed again each time the dialog is shown (pages add actions, Pause becomes Resume), with a
// filter field. Non-modal.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    ShortcutsDialog(QMainWindow *window, QTabWidget *pages);

    QTableWidget *table() const { return m_table; }
    // Lists the window's shortcuts again (showEvent calls it).
    void refresh();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void applyFilter();

    QMainWindow *m_window;
    QTabWidget *m_pages;
    QLineEdit *m_filter;
    QTableWidget *m_table;
};

} // namespace tb
