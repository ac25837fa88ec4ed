#pragma once

// Private to tb_runner: the log lines a WorkerPool keeps for its caller. No I/O.

#include <cstddef>
#include <deque>
#include <string>
#include <vector>

namespace tb::runner_detail {

// A bounded queue of log lines: a caller that stops reading them must not make the supervisor
// grow without bound, so past kMaxLines the oldest go, counted, and the next take() says so.
class LogQueue
{
public:
    static constexpr std::size_t kMaxLines = 10000;

    void push(std::string line);
    // Every line since the last call, oldest first, after a note of those dropped, if any.
    std::vector<std::string> take();

private:
    std::deque<std::string> m_lines;
    std::size_t m_dropped = 0;
};

} // namespace tb::runner_detail
