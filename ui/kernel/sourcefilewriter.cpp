#include "sourcefilewriter.h"

#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tb {

namespace {

QString systemError(const QString &what, int error)
{
    return what + QStringLiteral(": ") + QString::fromLocal8Bit(std::strerror(error));
}

bool writeAll(int fd, const QByteArray &bytes)
{
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.constData() + done, std::size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        done += n;
    }
    return true;
}

} // namespace

QString SourceFileWriter::write(const QString &path, const QByteArray &bytes)
{
    const QFileInfo info(path);
    const QString target = info.isSymLink() ? info.symLinkTarget() : info.absoluteFilePath();
    const QByteArray targetName = QFile::encodeName(target);
    struct stat existing = {};
    const bool exists = ::stat(targetName.constData(), &existing) == 0;

    QByteArray temporary =
        QFile::encodeName(QFileInfo(target).absolutePath() + QStringLiteral("/.") +
                          QFileInfo(target).fileName() + QStringLiteral(".XXXXXX"));
    const int fd = ::mkstemp(temporary.data());
    if (fd < 0)
        return systemError(QStringLiteral("cannot create a temporary file in %1")
                               .arg(QFileInfo(target).absolutePath()),
                           errno);
    const auto fail = [&](const QString &what) {
        const int error = errno;
        ::close(fd);
        ::unlink(temporary.constData());
        return systemError(what, error);
    };
    if (!writeAll(fd, bytes))
        return fail(QStringLiteral("cannot write"));
    // mkstemp creates 0600: the new file keeps the old one's mode (0644 for a new file).
    const mode_t mode = exists ? (existing.st_mode & 07777) : 0644;
    if (::fchmod(fd, mode) != 0)
        return fail(QStringLiteral("cannot set the file's permissions"));
    if (::fsync(fd) != 0)
        return fail(QStringLiteral("cannot flush to disk"));
    if (::close(fd) != 0) {
        const int error = errno;
        ::unlink(temporary.constData());
        return systemError(QStringLiteral("cannot write"), error);
    }
    if (::rename(temporary.constData(), targetName.constData()) != 0) {
        const int error = errno;
        ::unlink(temporary.constData());
        return systemError(QStringLiteral("cannot replace the file"), error);
    }
    return {};
}

} // namespace tb
