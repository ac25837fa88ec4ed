#pragma once

#include "compilermessage.h"

#include <QAbstractTableModel>
#include <QList>

namespace tb {

// The diagnostics of the last compile, one row each, in log order: severity (with its icon),
// location ("copy_scale.cu:42:7") and text. LineRole gives the 1-based line (0: none).
class CompilerMessagesModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        SeverityColumn,
        LocationColumn,
        TextColumn,
        ColumnCount
    };
    enum Role
    {
        LineRole = Qt::UserRole + 1,
        SeverityRole, // CompilerMessage::Severity as int
    };

    explicit CompilerMessagesModel(QObject *parent = nullptr);

    void setMessages(const QList<CompilerMessage> &messages);
    void clear() { setMessages({}); }
    const QList<CompilerMessage> &messages() const { return m_messages; }
    const CompilerMessage &messageAt(int row) const { return m_messages.at(row); }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    static QString severityName(CompilerMessage::Severity severity);

private:
    QVariant displayData(const CompilerMessage &message, int column) const;

    QList<CompilerMessage> m_messages;
};

} // namespace tb
