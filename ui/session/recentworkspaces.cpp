#include "recentworkspaces.h"

#include <QFileInfo>
#include <QSettings>

namespace tb {

namespace {
const QString kKey = QStringLiteral("workspace/recent");
}

QStringList RecentWorkspaces::paths()
{
    return QSettings().value(kKey).toStringList();
}

void RecentWorkspaces::add(const QString &path)
{
    const QString file = QFileInfo(path).absoluteFilePath();
    QStringList list = paths();
    list.removeAll(file);
    list.prepend(file);
    store(list.mid(0, kMaximum));
}

void RecentWorkspaces::remove(const QString &path)
{
    QStringList list = paths();
    list.removeAll(QFileInfo(path).absoluteFilePath());
    list.removeAll(path);
    store(list);
}

void RecentWorkspaces::clear()
{
    store({});
}

void RecentWorkspaces::store(const QStringList &paths)
{
    QSettings().setValue(kKey, paths);
}

} // namespace tb
