#include "compilermessagesmodel.h"

#include <QApplication>
#include <QFileInfo>
#include <QStyle>

namespace tb {

namespace {

QIcon severityIcon(CompilerMessage::Severity severity)
{
    const QStyle *style = QApplication::style();
    if (!style)
        return {};
    switch (severity) {
    case CompilerMessage::Severity::Error:
        return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case CompilerMessage::Severity::Warning:
        return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case CompilerMessage::Severity::Note:
        break;
    }
    return style->standardIcon(QStyle::SP_MessageBoxInformation);
}

QString location(const CompilerMessage &message)
{
    QString text = QFileInfo(message.file).fileName();
    if (message.line > 0)
        text += QLatin1Char(':') + QString::number(message.line);
    if (message.column > 0)
        text += QLatin1Char(':') + QString::number(message.column);
    return text;
}

} // namespace

CompilerMessagesModel::CompilerMessagesModel(QObject *parent) : QAbstractTableModel(parent) {}

QString CompilerMessagesModel::severityName(CompilerMessage::Severity severity)
{
    switch (severity) {
    case CompilerMessage::Severity::Error:
        return tr("error");
    case CompilerMessage::Severity::Warning:
        return tr("warning");
    case CompilerMessage::Severity::Note:
        break;
    }
    return tr("note");
}

void CompilerMessagesModel::setMessages(const QList<CompilerMessage> &messages)
{
    beginResetModel();
    m_messages = messages;
    endResetModel();
}

int CompilerMessagesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_messages.size());
}

int CompilerMessagesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CompilerMessagesModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CompilerMessage &message = m_messages.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return displayData(message, index.column());
    case Qt::DecorationRole:
        return index.column() == SeverityColumn ? QVariant(severityIcon(message.severity))
                                                : QVariant();
    case Qt::ToolTipRole:
        // The whole text (the column may elide it) and the file's full path.
        return message.file +
               (message.line > 0 ? QStringLiteral(":%1").arg(message.line) : QString()) +
               QStringLiteral("\n") + message.text;
    case LineRole:
        return message.line;
    case SeverityRole:
        return int(message.severity);
    default:
        return {};
    }
}

QVariant CompilerMessagesModel::displayData(const CompilerMessage &message, int column) const
{
    switch (column) {
    case SeverityColumn:
        return severityName(message.severity);
    case LocationColumn:
        return location(message);
    case TextColumn:
        return message.text;
    default:
        return {};
    }
}

QVariant CompilerMessagesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case LocationColumn:
        return tr("Location");
    case TextColumn:
        return tr("Message");
    default:
        return {};
    }
}

} // namespace tb
