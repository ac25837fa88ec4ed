#pragma once

#include "model/resultstatus.h"
#include "model/spec.h"
#include "spec/specloader.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QString>
#include <QTest>

// Tests of ui/kernel work on copies of the bundled examples: resources/ is never written.
namespace kerneltest {

// Copies resources/examples/<name> into `into` and returns the copy's spec path.
inline QString copyExample(const QString &name, const QString &into)
{
    const QDir from(tbtest::sourceDir() + QStringLiteral("/resources/examples/") + name);
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

// "ok", "compile_error", ...: what QCOMPARE shows when a status differs.
inline QString statusName(tb::ResultStatus status)
{
    const auto name = tb::toString(status);
    return QString::fromLatin1(name.data(), qsizetype(name.size()));
}

inline tb::Spec loadSpec(const QString &path)
{
    tb::SpecLoader loader;
    auto spec = loader.loadFile(path.toStdString());
    if (!spec)
        qFatal("cannot load %s: %s", qPrintable(path), spec.error().toString().c_str());
    return *spec;
}

inline QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace kerneltest
