#pragma once

// A compile through a ConfigCompiler, waited for (requests: examplecompilerequest.h).
#include "kernel/configcompiler.h"
#include "kerneltestsupport.h"
#include "testpaths.h"

#include <QSignalSpy>
#include <QTemporaryDir>

namespace kerneltest {

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
