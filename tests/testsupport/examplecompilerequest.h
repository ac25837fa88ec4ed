#pragma once

#include "model/resultstatus.h"
#include "spec/specloader.h"
#include "tasks/compilerequest.h"
#include "testfiles.h"

#include <QFile>
#include <QFileInfo>
#include <QString>
#include <QTemporaryDir>
#include <QtGlobal>

// Compiling one configuration (tasks/cudaconfigurationbuild.h, hostconfigurationbuild.h) in
// tests: requests on a copy of a bundled example, and a compiler that hangs.
namespace tbtest {

// "ok", "compile_error", ...: what QCOMPARE shows when a status differs.
inline QString statusName(tb::ResultStatus status)
{
    const auto name = tb::toString(status);
    return QString::fromLatin1(name.data(), qsizetype(name.size()));
}

// The example's reference configuration, copied under `dir` and compiled by the real worker
// with its own cache there.
inline tb::CompileRequest exampleCompileRequest(const QTemporaryDir &dir, const QString &example,
                                                double timeoutSeconds)
{
    const QString specPath = copyExample(example, dir.filePath(QStringLiteral("spec-") + example));
    tb::SpecLoader loader;
    auto spec = loader.loadFile(specPath.toStdString());
    if (!spec)
        qFatal("cannot load %s: %s", qPrintable(specPath), spec.error().toString().c_str());
    tb::CompileRequest r;
    r.spec = *spec;
    r.code = r.spec.kernel.code;
    r.config = tb::Configuration{*r.spec.verification.reference};
    r.workerPath = workerPath().toStdString();
    r.cacheDirectory = dir.filePath(QStringLiteral("cache")).toStdString();
    r.timeoutSeconds = timeoutSeconds;
    return r;
}

// A "compiler" (for TB_CC) that writes its pid to `pidFile` and sleeps for 30 s; its path under
// `dir`, or "" when it cannot be written.
inline QString writeHangingCompiler(const QTemporaryDir &dir, const QString &pidFile)
{
    const QString script = dir.filePath(QFileInfo(pidFile).baseName() + ".sh");
    QFile file(script);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write("#!/bin/sh\necho $$ > '" + pidFile.toUtf8() + "'\nexec sleep 30\n");
    file.close();
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return script;
}

} // namespace tbtest
