#include "recentworkspacesmenu.h"

#include "session/recentworkspaces.h"

#include <QDir>
#include <QFileInfo>

namespace tb {

RecentWorkspacesMenu::RecentWorkspacesMenu(const QString &title, QWidget *parent)
    : QMenu(title, parent)
{
    setObjectName(QStringLiteral("recentWorkspacesMenu"));
    setToolTipsVisible(true);
    connect(this, &QMenu::aboutToShow, this, &RecentWorkspacesMenu::rebuild);
    rebuild();
}

void RecentWorkspacesMenu::rebuild()
{
    clear();
    const QStringList paths = RecentWorkspaces::paths();
    for (int i = 0; i < paths.size(); ++i) {
        const QString path = paths.at(i);
        QAction *action = addAction(tr("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this,
                                    [this, path] { emit workspaceChosen(path); });
        action->setData(path);
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
    }
    if (paths.isEmpty()) {
        addAction(tr("No recent workspaces"))->setEnabled(false);
        return;
    }
    addSeparator();
    addAction(tr("&Clear list"), this, [this] {
        RecentWorkspaces::clear();
        rebuild();
    });
}

QStringList RecentWorkspacesMenu::listedPaths() const
{
    QStringList paths;
    for (const QAction *action : actions())
        if (!action->data().toString().isEmpty())
            paths << action->data().toString();
    return paths;
}

} // namespace tb
