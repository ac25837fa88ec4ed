#include "shortcutsdialog.h"

#include "shortcutlist.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QMainWindow>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tb {

ShortcutsDialog::ShortcutsDialog(QMainWindow *window, QTabWidget *pages)
    : QDialog(window), m_window(window), m_pages(pages), m_filter(new QLineEdit(this)),
      m_table(new QTableWidget(0, 3, this))
{
    setWindowTitle(tr("Keyboard shortcuts"));
    m_filter->setPlaceholderText(tr("Filter by menu, action or key"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, &ShortcutsDialog::applyFilter);
    m_table->setHorizontalHeaderLabels({tr("Where"), tr("Action"), tr("Keys")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_filter);
    layout->addWidget(m_table, 1);
    resize(560, 640);
}

void ShortcutsDialog::refresh()
{
    const QList<ShortcutEntry> entries = collectShortcuts(m_window, m_pages);
    m_table->setRowCount(int(entries.size()));
    for (int row = 0; row < entries.size(); ++row) {
        const ShortcutEntry &entry = entries[row];
        m_table->setItem(row, 0, new QTableWidgetItem(entry.place));
        m_table->setItem(row, 1, new QTableWidgetItem(entry.action));
        m_table->setItem(row, 2, new QTableWidgetItem(entry.keys));
    }
    m_table->resizeColumnsToContents();
    applyFilter();
}

void ShortcutsDialog::showEvent(QShowEvent *event)
{
    refresh();
    QDialog::showEvent(event);
}

void ShortcutsDialog::applyFilter()
{
    const QString text = m_filter->text().trimmed();
    for (int row = 0; row < m_table->rowCount(); ++row) {
        bool match = text.isEmpty();
        for (int column = 0; !match && column < m_table->columnCount(); ++column)
            match = m_table->item(row, column)->text().contains(text, Qt::CaseInsensitive);
        m_table->setRowHidden(row, !match);
    }
}

} // namespace tb
