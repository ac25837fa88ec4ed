#pragma once

#include <QObject>
#include <QSet>
#include <QStringList>

class QMenu;
class QTableView;

namespace tb {

// Shows and hides a table's columns: a menu with one checkable entry per column (on the
// header's context menu, and for a "Columns" tool button), plus "Show All Columns". Columns
// are known by a stable id (the model's headerData for idRole), and the hidden ids persist in
// QSettings under settingsKey: a hidden column stays hidden in the next session and in the
// next run, and a parameter column hidden for one spec is hidden again when a spec with that
// parameter comes back. The last visible column cannot be hidden.
class ColumnChooser : public QObject
{
    Q_OBJECT
public:
    ColumnChooser(QTableView *view, int idRole, const QString &settingsKey,
                  QObject *parent = nullptr);

    QMenu *menu() const { return m_menu; }
    bool isColumnHidden(const QString &id) const { return m_hidden.contains(id); }
    void setColumnHidden(const QString &id, bool hidden);
    void showAllColumns();
    QStringList hiddenIds() const; // sorted
    QStringList columnIds() const; // the model's, in column order

signals:
    void columnsChanged();

private:
    QString idOf(int column) const;
    void applyToView(); // the view's model changed its columns: hide again what is hidden
    void rebuildMenu();
    void save() const;

    QTableView *m_view;
    int m_idRole;
    QString m_settingsKey;
    QMenu *m_menu;
    QSet<QString> m_hidden;
};

} // namespace tb
