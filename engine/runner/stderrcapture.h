#pragma once

// Private to tb_runner: what a WorkerPool keeps of one worker's stderr. No I/O.

#include <cstddef>
#include <deque>
#include <string>
#include <vector>

namespace tb::runner_detail {

// One worker's stderr, line by line. Per job (and per start) it is logged up to a budget: a
// kernel printing gigabytes is cut to its first quarter megabyte, and endOutput() then says
// how much was dropped and repeats the last lines. The last kTailLines lines are always kept,
// for crash messages and for telling a launcher's loss (launcherloss.h).
class StderrCapture
{
public:
    static constexpr std::size_t kTailLines = 10;
    static constexpr std::size_t kLoggedBytesPerJob = 256 * 1024;

    // Takes one line; true when it is to be logged, false when it is over the budget.
    bool add(std::string line);
    // Ends a job's (or a start's) output: the lines to log about what was dropped, each after
    // `prefix` ("worker 0: "); none when nothing was. The budget starts again.
    std::vector<std::string> endOutput(const std::string &prefix);
    // For a fresh process: nothing logged, dropped or kept.
    void reset();

    const std::deque<std::string> &tail() const { return m_tail; }
    // The tail as one text, a line each.
    std::string tailText() const;

private:
    std::deque<std::string> m_tail;
    std::size_t m_loggedBytes = 0;
    std::size_t m_droppedBytes = 0;
    std::size_t m_droppedLines = 0;
};

} // namespace tb::runner_detail
