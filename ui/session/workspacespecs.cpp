#include "workspacespecs.h"

#include <QFileInfo>

namespace tb {

QString filePathKey(const QString &path)
{
    if (path.isEmpty())
        return {};
    const QFileInfo file(path);
    const QString canonical = file.canonicalFilePath();
    return canonical.isEmpty() ? file.absoluteFilePath() : canonical;
}

void WorkspaceSpecs::add(const QString &workspace, const QString &specFile)
{
    if (workspace.isEmpty() || specFile.isEmpty())
        return;
    QStringList &specs = m_specs[filePathKey(workspace)];
    const QString spec = filePathKey(specFile);
    if (!specs.contains(spec))
        specs << spec;
}

bool WorkspaceSpecs::belongs(const QString &workspace, const QString &specFile) const
{
    return m_specs.value(filePathKey(workspace)).contains(filePathKey(specFile));
}

void WorkspaceSpecs::copy(const QString &from, const QString &to)
{
    for (const QString &spec : m_specs.value(filePathKey(from)))
        add(to, spec);
}

} // namespace tb
