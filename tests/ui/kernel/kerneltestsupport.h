#pragma once

#include "model/resultstatus.h"
#include "model/spec.h"
#include "spec/specloader.h"
#include "testfiles.h"

#include <QString>
#include <QTest>

// Tests of ui/kernel work on copies of the bundled examples (tbtest::copyExample): resources/
// is never written.
namespace kerneltest {

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

} // namespace kerneltest
