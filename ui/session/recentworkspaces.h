#pragma once

#include <QStringList>

namespace tb {

// The workspaces opened lately, newest first, at most kMaximum, kept in QSettings so every
// window and every later session sees the same list.
class RecentWorkspaces
{
public:
    static constexpr int kMaximum = 8;

    static QStringList paths();
    // Puts path first (absolute; listed once) and drops the oldest beyond kMaximum.
    static void add(const QString &path);
    static void remove(const QString &path);
    static void clear();

private:
    static void store(const QStringList &paths);
};

} // namespace tb
