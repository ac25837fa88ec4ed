/* A kernel that leaves processes behind (tst_workerscope): on each of its first two launches in
 * a worker it forks SLEEPERS children and one double-forked daemon (fork, setsid, fork), all
 * of which exec `sleep $TB_TEST_SLEEP_MARK` so that the test can find them in /proc. (Two
 * launches, not every one: the sampler's launch count would set the number of processes.)
 * MODE 0 then computes y = 2x, 1 hangs (the job times out and its worker is killed), 2 aborts
 * (the worker crashes). */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef MODE
#define MODE 0
#endif
#define SLEEPERS 3

static void becomeSleeper(void)
{
    const char *mark = getenv("TB_TEST_SLEEP_MARK");
    execlp("sleep", "sleep", mark ? mark : "600", (char *)0);
    _exit(127);
}

static void startSleepers(void)
{
    for (int i = 0; i < SLEEPERS; ++i)
        if (fork() == 0)
            becomeSleeper();
}

/* A daemon in the classic way: leaves the worker's session and process group, and its parent
 * exits at once, so that it is nobody's child but init's (or a subreaper's). */
static void startDaemon(void)
{
    const pid_t middle = fork();
    if (middle == 0) {
        setsid();
        if (fork() == 0)
            becomeSleeper();
        _exit(0);
    }
    if (middle > 0)
        waitpid(middle, 0, 0);
}

void scale(const float *x, float *y, int n)
{
    static int launches = 0;
    if (launches++ < 2) {
        startSleepers();
        startDaemon();
    }
#if MODE == 1
    for (;;)
        pause();
#elif MODE == 2
    abort();
#endif
    for (int i = 0; i < n; ++i)
        y[i] = 2.0f * x[i];
}
