/* A kernel made to fail on purpose, one way per MODE, for the CLI's end-to-end tests:
 * 0 and 3 are correct, 1 computes a wrong answer, 2 does not compile, 4 crashes the worker,
 * 5 never returns. */
#include <signal.h>

#ifndef MODE
#define MODE 0
#endif

#if MODE == 2
#error "MODE 2 is built to fail compilation"
#endif

void scale(const float *x, float *y, int n)
{
#if MODE == 4
    raise(SIGSEGV);
#elif MODE == 5
    for (volatile int spin = 0;; spin = spin + 1) {
    }
#endif
    for (int i = 0; i < n; ++i)
        y[i] = 2.0f * x[i] + (MODE == 1 && i == n / 2 ? 1.0f : 0.0f);
}
