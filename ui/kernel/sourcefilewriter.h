#pragma once

#include <QByteArray>
#include <QString>

namespace tb {

// Replaces a text file's content atomically: the bytes go to a new temporary file beside it
// (every write checked, then fsync), which takes the original's permissions and is renamed
// over it. A failure at any step removes the temporary file and leaves the original as it was.
// A symbolic link is followed: its target is replaced, the link stays.
//
// (QSaveFile is not used: Qt 6.4's commits a short write, e.g. past RLIMIT_FSIZE, as success.)
class SourceFileWriter
{
public:
    // Empty on success; otherwise the reason, e.g. "No space left on device".
    static QString write(const QString &path, const QByteArray &bytes);
};

} // namespace tb
