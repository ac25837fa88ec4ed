#pragma once

#include "examplecompilerequest.h"
#include "model/spec.h"
#include "spec/specloader.h"
#include "testfiles.h"

#include <QString>
#include <QTest>

// Tests of ui/kernel work on copies of the bundled examples (tbtest::copyExample): resources/
// is never written.
namespace kerneltest {

using tbtest::statusName;

inline tb::Spec loadSpec(const QString &path)
{
    tb::SpecLoader loader;
    auto spec = loader.loadFile(path.toStdString());
    if (!spec)
        qFatal("cannot load %s: %s", qPrintable(path), spec.error().toString().c_str());
    return *spec;
}

} // namespace kerneltest
