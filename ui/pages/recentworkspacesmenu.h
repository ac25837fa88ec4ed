#pragma once

#include <QMenu>

namespace tb {

// File > Open recent workspace: the RecentWorkspaces list, numbered, newest first, with a
// "Clear list" entry. Rebuilt whenever it opens, so it always shows the settings' list.
class RecentWorkspacesMenu : public QMenu
{
    Q_OBJECT
public:
    explicit RecentWorkspacesMenu(const QString &title, QWidget *parent = nullptr);

    void rebuild();
    // The paths listed now, in menu order.
    QStringList listedPaths() const;

signals:
    void workspaceChosen(const QString &path);
};

} // namespace tb
