/* A kernel made to fail on purpose, one way per FAULT, for the fault campaign
 * (tests/engine/run/tst_faultcampaign.cpp, bench/reliability/): 0 correct, 1 wrong result,
 * 2 compile error, 3 link error, 4 segfault, 5 abort, 6 exit(0), 7 hang, 8 16 MiB of output
 * without a newline (then correct), 9 touches 8 GiB (run it only under a memory limit: the
 * campaign sets RLIMIT_AS to 4 GiB; faults.json leaves it out). The status each should end
 * in: the test's table. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef FAULT
#define FAULT 0
#endif

#if FAULT == 2
#error "FAULT 2 is built to fail compilation"
#endif

#if FAULT == 3
void tunebench_missing_symbol(void); /* declared, never defined: the library does not load */
#endif

/* Flood: megabytes on stdout (the worker's stderr) without a newline, then a correct answer. */
static void flood(void)
{
    static char block[64 * 1024];
    for (unsigned i = 0; i < sizeof block; ++i)
        block[i] = 'x';
    for (int i = 0; i < 16 * 16; ++i)
        fwrite(block, 1, sizeof block, stdout);
    fflush(stdout);
}

void scale(const float *x, float *y, int n)
{
#if FAULT == 3
    tunebench_missing_symbol();
#elif FAULT == 4
    raise(SIGSEGV);
#elif FAULT == 5
    abort();
#elif FAULT == 6
    exit(0);
#elif FAULT == 7
    for (volatile int spin = 0;; spin = spin + 1) {
    }
#elif FAULT == 8
    flood();
#elif FAULT == 9
    {
        const size_t bytes = (size_t)8 << 30;
        volatile char *memory = malloc(bytes); /* NULL under the limit: the write below faults */
        for (size_t i = 0; i < bytes; i += 4096)
            memory[i] = 1;
        free((void *)memory);
    }
#endif
    for (int i = 0; i < n; ++i)
        y[i] = 2.0f * x[i] + (FAULT == 1 && i == n / 2 ? 1.0f : 0.0f);
}
