#pragma once

#include <spawn.h>

namespace tb {

// Sets a posix_spawn child's signals to a clean start: nothing blocked, and the default action
// for the signals its program must handle as it means to (SIGINT, SIGTERM, SIGHUP, SIGQUIT,
// SIGPIPE, SIGUSR1, SIGUSR2, SIGCHLD), whatever the spawning thread blocks or ignores. salloc
// revokes a pending allocation on SIGINT, a compiler dies of SIGPIPE; a GUI thread may block
// some. An ignored SIGCHLD would reap the child's own children unasked, and Triton's Python
// helper could not wait for the ptxas it runs.
// Returns the flags that make posix_spawn apply them: OR in others before setflags().
short cleanChildSignals(posix_spawnattr_t &attributes);

} // namespace tb
