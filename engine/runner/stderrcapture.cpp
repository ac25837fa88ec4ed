#include "stderrcapture.h"

#include <algorithm>

namespace tb::runner_detail {

namespace {

std::string byteCount(std::size_t bytes)
{
    if (bytes >= 10 * 1024 * 1024)
        return std::to_string(bytes / (1024 * 1024)) + " MiB";
    if (bytes >= 10 * 1024)
        return std::to_string(bytes / 1024) + " KiB";
    return std::to_string(bytes) + " bytes";
}

} // namespace

bool StderrCapture::add(std::string line)
{
    const bool logged = m_loggedBytes + line.size() <= kLoggedBytesPerJob;
    if (logged) {
        m_loggedBytes += line.size() + 1;
    } else {
        m_droppedBytes += line.size() + 1;
        ++m_droppedLines;
    }
    m_tail.push_back(std::move(line));
    if (m_tail.size() > kTailLines)
        m_tail.pop_front();
    return logged;
}

std::vector<std::string> StderrCapture::endOutput(const std::string &prefix)
{
    std::vector<std::string> lines;
    if (m_droppedBytes > 0) {
        lines.push_back("supervisor: " + prefix + byteCount(m_droppedBytes) + " of output (" +
                        std::to_string(m_droppedLines) + " lines) dropped after the first " +
                        byteCount(m_loggedBytes) + "; the last lines:");
        const std::size_t shown = std::min(m_droppedLines, m_tail.size());
        for (auto line = m_tail.end() - static_cast<std::ptrdiff_t>(shown); line != m_tail.end();
             ++line)
            lines.push_back(prefix + *line);
    }
    m_loggedBytes = m_droppedBytes = m_droppedLines = 0;
    return lines;
}

void StderrCapture::reset()
{
    m_tail.clear();
    m_loggedBytes = m_droppedBytes = m_droppedLines = 0;
}

std::string StderrCapture::tailText() const
{
    std::string text;
    for (const auto &line : m_tail)
        text += (text.empty() ? "" : "\n") + line;
    return text;
}

} // namespace tb::runner_detail
