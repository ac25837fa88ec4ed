#pragma once

#include <cstdint>
#include <string>

namespace tb {

// The process that writes a run: one writer per run (RunStore::claim). Enough to tell, from
// another process on the same host, whether that process is still alive: its pid, and when it
// started (boot id and start time), since a pid is reused once its process has died.
struct RunHolder
{
    std::int64_t pid = 0;
    std::string host;
    std::string started; // "<boot id>:<start time in clock ticks since boot>"

    bool operator==(const RunHolder &) const = default;
};

// This process.
RunHolder currentRunHolder();
// Process `pid` of this host, as currentRunHolder() in it would say.
RunHolder runHolderOf(std::int64_t pid);

// False when the holder is on this host and its process is gone (or its pid now belongs to
// another process); true otherwise, also for a holder on another host, which cannot be asked.
bool isAlive(const RunHolder &holder);

} // namespace tb
