/* A correct kernel whose speed a test can change without touching its source: built with
 * -DTB_INJECTED_SLOWDOWN (a fault injected through TB_CC by tst_cliverify) it does its work
 * 50 times over. COPY elements per step, so that the grid has more than one configuration.
 * Built with -DTB_INJECTED_HANG_WHILE='"FILE"' (a fault injection of tst_slurmtuning), the
 * COPY=4 configuration waits while FILE exists, having made FILE.started: a test then ends its
 * worker while that job is surely in flight. */
#ifndef COPY
#define COPY 1
#endif

#ifdef TB_INJECTED_HANG_WHILE
#include <stdio.h>
#include <unistd.h>

static void hang_while_marked(void)
{
    if (COPY != 4 || access(TB_INJECTED_HANG_WHILE, F_OK) != 0)
        return;
    FILE *started = fopen(TB_INJECTED_HANG_WHILE ".started", "w");
    if (started)
        fclose(started);
    while (access(TB_INJECTED_HANG_WHILE, F_OK) == 0)
        usleep(1000);
}
#endif

#ifdef TB_INJECTED_SLOWDOWN
#define REPEATS 50
#else
#define REPEATS 1
#endif

void scale(const float *x, float *y, int n)
{
#ifdef TB_INJECTED_HANG_WHILE
    hang_while_marked();
#endif
    for (int r = 0; r < REPEATS; ++r) {
        for (int i = 0; i + COPY <= n; i += COPY)
            for (int c = 0; c < COPY; ++c)
                y[i + c] = 2.0f * x[i + c];
        /* Each repeat is done again, not folded into one by the optimiser. */
        __asm__ volatile("" ::: "memory");
    }
}
