#include "kernelsourcefile.h"

#include "compilermessage.h"
#include "model/userfile.h"
#include "sourcefilewriter.h"

#include <QDir>
#include <QFileInfo>

namespace tb {

QString KernelSourceFile::resolvePath(const Spec &spec, const QString &specPath)
{
    if (spec.kernel.sourcePath.empty())
        return {};
    const QString path = QString::fromStdString(spec.kernel.sourcePath);
    if (QDir::isAbsolutePath(path))
        return QDir::cleanPath(path);
    const QString base = spec.baseDirectory.empty() ? QFileInfo(specPath).absolutePath()
                                                    : QString::fromStdString(spec.baseDirectory);
    return QDir::cleanPath(QDir(base).absoluteFilePath(path));
}

KernelSourceFile::Loaded KernelSourceFile::load(const Spec &spec, const QString &path)
{
    m_path = path;
    m_loadFailed = false;
    if (path.isEmpty()) // inline code has no file to save to: it is edited with the spec
        return {QString::fromStdString(spec.kernel.code), {}};
    // Read as the engine reads it.
    const auto source = readUserFile(path.toStdString(), "kernel source", kMaxSpecFileBytes);
    if (!source) {
        m_loadFailed = true;
        return {{}, QString::fromStdString(source.error().toString())};
    }
    return {QString::fromStdString(*source), {}};
}

QString KernelSourceFile::save(const QByteArray &text) const
{
    if (isInline())
        return tr("Nothing to save: the kernel is inline in the spec (kernel.code).");
    if (m_loadFailed)
        return tr("Cannot save %1: it could not be read, so the editor does not hold its text.")
            .arg(m_path);
    // Written beside the file and renamed over it: on failure the file on disk is untouched.
    const QString problem = SourceFileWriter::write(m_path, text);
    if (!problem.isEmpty())
        return tr("Cannot save %1: %2. The file on disk is unchanged.").arg(m_path, problem);
    return {};
}

bool KernelSourceFile::isAbout(const CompilerMessage &message) const
{
    if (isInline())
        return !message.file.contains(QLatin1Char('/')) &&
               message.file.startsWith(QLatin1String("kernel."));
    if (message.file == m_path)
        return true;
    return QDir::isRelativePath(message.file) &&
           QFileInfo(message.file).fileName() == QFileInfo(m_path).fileName();
}

} // namespace tb
