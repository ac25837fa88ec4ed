#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

namespace tb {

// Which spec files each workspace's runs ran, as far as the window has seen: the files found
// for the runs it showed (LoadedRun::specFile), the specs it ran there and those the user
// agreed to run there. Start asks before it runs a spec into a workspace of runs that the spec
// does not belong to: a workspace opened while another spec was loaded must not get that
// spec's run unasked. Paths name files: another spelling of the same file (a link, "..")
// counts as it.
class WorkspaceSpecs
{
public:
    void add(const QString &workspace, const QString &specFile);
    bool belongs(const QString &workspace, const QString &specFile) const;
    // A copy of a workspace (Save as) holds the same runs.
    void copy(const QString &from, const QString &to);

private:
    QHash<QString, QStringList> m_specs; // by workspace file (filePathKey())
};

// The key two spellings of one file share: its canonical path while it exists, else its
// absolute path.
QString filePathKey(const QString &path);

} // namespace tb
