#include "spawnsignals.h"

#include <csignal>

namespace tb {

short cleanChildSignals(posix_spawnattr_t &attributes)
{
    constexpr int kDefaultSignals[] = {SIGINT,  SIGTERM, SIGHUP,  SIGQUIT,
                                       SIGPIPE, SIGUSR1, SIGUSR2, SIGCHLD};
    sigset_t none;
    sigemptyset(&none);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (const int signal : kDefaultSignals)
        sigaddset(&defaults, signal);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    return POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
}

} // namespace tb
