#include "constraintprogress.h"

#include <cstdio>
#include <unistd.h>

namespace tb {

ConstraintProgress::ConstraintProgress(std::string sizeName)
    : m_size(std::move(sizeName)), m_interactive(isatty(STDERR_FILENO) != 0)
{}

void ConstraintProgress::operator()(double fraction)
{
    if (std::chrono::steady_clock::now() - m_start < std::chrono::seconds(1) ||
        fraction - m_shown < (m_interactive ? 0.01 : 0.1))
        return;
    m_shown = fraction;
    std::fprintf(stderr, "%s  problem size %s: checking the constraints on every point, %.0f%%%s",
                 m_interactive ? "\r\033[K" : "", m_size.c_str(), 100.0 * fraction,
                 m_interactive ? "" : "\n");
    std::fflush(stderr);
}

void ConstraintProgress::finish() const
{
    if (m_interactive && m_shown > 0)
        std::fprintf(stderr, "\r\033[K");
}

} // namespace tb
