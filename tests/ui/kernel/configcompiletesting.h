#pragma once

// Compile-config requests on a copy of a bundled example, and a compile waited for: what the
// ConfigCompiler and Disassembler tests share.
#include "kernel/configcompiler.h"
#include "kerneltestsupport.h"
#include "testpaths.h"

#include <QSignalSpy>
#include <QTemporaryDir>

namespace kerneltest {

// The example's reference configuration, compiled by the real worker with its own cache.
inline tb::CompileRequest exampleRequest(const QTemporaryDir &dir, const QString &example,
                                         int timeoutSeconds)
{
    return tbtest::exampleCompileRequest(dir, example, timeoutSeconds);
}

// The outcome of one compile; an empty one when it could not start or did not end in time.
inline tb::CompileOutcome compileAndWait(const tb::CompileRequest &r, int waitMs)
{
    tb::ConfigCompiler compiler;
    QSignalSpy finished(&compiler, &tb::ConfigCompiler::finished);
    if (!compiler.start(r) || !finished.wait(waitMs))
        return {};
    return finished.at(0).at(0).value<tb::CompileOutcome>();
}

} // namespace kerneltest
