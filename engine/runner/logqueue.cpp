#include "logqueue.h"

#include <iterator>

namespace tb::runner_detail {

void LogQueue::push(std::string line)
{
    if (m_lines.size() >= kMaxLines) {
        m_lines.pop_front();
        ++m_dropped;
    }
    m_lines.push_back(std::move(line));
}

std::vector<std::string> LogQueue::take()
{
    std::vector<std::string> lines;
    if (m_dropped > 0) {
        lines.push_back("supervisor: " + std::to_string(m_dropped) +
                        " log lines dropped (nobody read them in time)");
        m_dropped = 0;
    }
    lines.insert(lines.end(), std::make_move_iterator(m_lines.begin()),
                 std::make_move_iterator(m_lines.end()));
    m_lines.clear();
    return lines;
}

} // namespace tb::runner_detail
