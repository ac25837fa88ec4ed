#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace tb {

// A grid that the constraints cannot prune is walked point by point (~70 s for 10^9 points):
// past the first second, says how far the walk of one problem size has come, on stderr (a live
// line on a terminal, a line per tenth otherwise). `validate` and `tune` both show it.
class ConstraintProgress
{
public:
    explicit ConstraintProgress(std::string sizeName);

    void operator()(double fraction);
    // Clears the live line, if one was shown.
    void finish() const;

private:
    std::string m_size;
    bool m_interactive;
    std::chrono::steady_clock::time_point m_start = std::chrono::steady_clock::now();
    double m_shown = 0;
};

} // namespace tb
