#pragma once

// Private to tb_runner: the scope keeper that every local worker runs under, so that whatever
// a kernel starts (forked children, a double-forked daemon that left the worker's session)
// ends with the worker. docs/architecture.md, Processes.
//
// Why a keeper, and why it is this program re-executed:
// - A process group catches plain fork()s, not a daemon that calls setsid(). Only a living
//   ancestor catches everything: the keeper is a child subreaper (PR_SET_CHILD_SUBREAPER), so
//   every orphan below it is re-parented to it, not to init; once the worker is gone (exited,
//   crashed or killed), it kills the worker's process group and every child it still has,
//   until it has none, then exits as the worker did. cgroups would do it too, but are rarely
//   writable by a user.
// - The supervisor ends a worker by asking its keeper (SIGTERM), never by SIGKILLing it: a dead
//   keeper could catch nothing. The keeper gets the same SIGTERM when the supervisor's thread
//   dies (PR_SET_PDEATHSIG); the worker dies with the keeper.
// - The keeper lives as long as its worker. A fork of the supervisor's process that did not
//   exec would hold a copy-on-write snapshot of the workbench's memory for as long, and could
//   call only async-signal-safe functions; re-executed (/proc/self/exe), it is a fresh, small
//   process whose static initialiser runs the keeper before main() (workerscope.cpp).

#include "childlaunch.h"

namespace tb::runner_detail {

// The keeper's argv and environment, which start `worker` under it; `reportFd` is the pipe end
// the child keeps open across exec for the keeper's StartReport.
ChildArguments keeperArguments(const ChildArguments &worker, int reportFd);

// The keeper: starts the worker, waits for it to end or for SIGTERM, ends its scope, runs
// `afterEnd` (if any) and exits as the worker did (scopekeeper.cpp).
[[noreturn]] void runScopeKeeper(int reportFd, const std::string &executable,
                                 const std::vector<std::string> &argv,
                                 const std::vector<std::string> &afterEnd);

} // namespace tb::runner_detail
