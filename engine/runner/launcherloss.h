#pragma once

#include "launcherkind.h"

#include <deque>
#include <string>

namespace tb {

// Why a launched worker that ended by itself (the supervisor neither killed it nor refused it)
// was lost to its launcher or its machine rather than to the job it ran: a cancelled or killed
// srun task ("srun: error: node3: task 0: Killed", "*** STEP 12.0 ON node3 CANCELLED ..."), a
// lost node ("Node failure", "Job step aborted"), the launcher itself killed, a dropped ssh
// connection (exit 255) or the remote worker SIGKILLed or SIGTERMed. Empty when the job may
// have done it: a crash (SIGSEGV, SIGABRT, ...) or an exit code of the worker's own, and always
// for a local worker, which is judged as before (a configuration that kills two is
// quarantined).
//
// `waitStatus` is the launcher's (srun's, ssh's); `stderrTail` its last stderr lines, where
// srun and ssh say what happened.
std::string launcherLossReason(LauncherKind launcher, int waitStatus,
                               const std::deque<std::string> &stderrTail);

} // namespace tb
