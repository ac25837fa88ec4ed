#pragma once

#include "compileoutcome.h"
#include "compilerequest.h"

#include <atomic>

namespace tb {

// Builds one configuration of a cpu spec with the host compiler, with exactly the command line
// a tuning run's CpuBuilder uses (CpuBuilder::compilerCommand and compileFlags, so TB_CC /
// TB_CXX apply), into a temporary directory that is removed afterwards. Only builds: the kernel
// never runs. The compiler is a child process in its own process group (childprocess.h): past
// the request's timeout, or when `cancelled`, the whole group is killed. A #line directive makes
// messages name the user's file. A library that built gets the entry's disassembly (objdump) in
// the outcome's code before the directory goes. Blocks: call it off a GUI thread.
CompileOutcome buildHostConfiguration(const CompileRequest &request,
                                      const std::atomic<bool> &cancelled);

} // namespace tb
