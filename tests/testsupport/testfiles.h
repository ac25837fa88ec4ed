#pragma once

#include "testpaths.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>

// Files of tests: copies of the bundled examples (tests edit and save copies, never
// resources/), and whole-file reads and writes.
namespace tbtest {

// resources/examples/<example>/<file> in the repository.
inline QString examplePath(const QString &example, const QString &file)
{
    return sourceDir() + QStringLiteral("/resources/examples/") + example + QLatin1Char('/') + file;
}

// Copies resources/examples/<name> into the folder `into` (made when missing; files already
// there are replaced) and returns the copy's spec path, or "" when a file could not be copied.
// The copies are writable whatever the bundled files' permissions.
inline QString copyExample(const QString &name, const QString &into)
{
    const QDir from(examplePath(name, QString()));
    QDir().mkpath(into);
    for (const QString &file : from.entryList(QDir::Files)) {
        const QString target = QDir(into).filePath(file);
        QFile::remove(target);
        if (!QFile::copy(from.filePath(file), target))
            return {};
        QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup |
                                          QFile::ReadOther);
    }
    return QDir(into).filePath(name + QStringLiteral(".json"));
}

// Empties the folder `dir`, then copies the example into it: each test starts from the bundled
// files alone. Returns the copy's spec path, or "" on failure.
inline QString copyExampleAfresh(const QString &name, const QString &dir)
{
    QDir(dir).removeRecursively();
    return copyExample(name, dir);
}

// The file's bytes, or none when it cannot be read.
inline QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Replaces the file's content with `bytes`; false when that failed.
inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace tbtest
