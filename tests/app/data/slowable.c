/* A correct kernel whose speed a test can change without touching its source: built with
 * -DTB_INJECTED_SLOWDOWN (a fault injected through TB_CC by tst_cliverify) it does its work
 * 50 times over. COPY elements per step, so that the grid has more than one configuration. */
#ifndef COPY
#define COPY 1
#endif

#ifdef TB_INJECTED_SLOWDOWN
#define REPEATS 50
#else
#define REPEATS 1
#endif

void scale(const float *x, float *y, int n)
{
    for (int r = 0; r < REPEATS; ++r) {
        for (int i = 0; i + COPY <= n; i += COPY)
            for (int c = 0; c < COPY; ++c)
                y[i + c] = 2.0f * x[i + c];
        /* Each repeat is done again, not folded into one by the optimiser. */
        __asm__ volatile("" ::: "memory");
    }
}
