#include "streamparser.h"

#include <algorithm>

namespace tb {

namespace {

bool isBlank(std::string_view text)
{
    return std::all_of(text.begin(), text.end(),
                       [](char c) { return c == ' ' || c == '\t' || c == '\r'; });
}

} // namespace

StreamParser::StreamParser(std::size_t maxFrameBytes) : m_maxFrameBytes(maxFrameBytes) {}

void StreamParser::feed(std::string_view bytes)
{
    if (m_finished)
        return;
    while (!bytes.empty()) {
        const std::size_t newline = bytes.find('\n');
        const std::string_view segment = bytes.substr(0, newline);
        if (!m_discarding) {
            if (segment.size() > m_maxFrameBytes - m_partial.size())
                reportOversized();
            else
                m_partial.append(segment);
        }
        if (newline == std::string_view::npos)
            return;
        if (m_discarding)
            m_discarding = false; // the oversized frame ends here; resynchronise
        else
            completeFrame();
        bytes.remove_prefix(newline + 1);
    }
}

void StreamParser::reportOversized()
{
    m_frames.push_back(makeProtocolError(
        ProtocolFault::OversizedFrame, "protocol error: a frame is too long",
        "more than " + std::to_string(m_maxFrameBytes) + " bytes without a newline"));
    m_discarding = true;
    std::string().swap(m_partial); // give the memory back, not just the length
}

void StreamParser::completeFrame()
{
    if (!m_partial.empty() && m_partial.back() == '\r')
        m_partial.pop_back();
    if (!isBlank(m_partial))
        m_frames.push_back(std::move(m_partial));
    m_partial.clear();
}

void StreamParser::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    if (!m_discarding && !isBlank(m_partial)) {
        m_frames.push_back(makeProtocolError(
            ProtocolFault::Truncated, "protocol error: the stream ended inside a frame",
            std::to_string(m_partial.size()) + " bytes without a newline at the end"));
    }
    m_partial.clear();
    m_discarding = false;
}

std::optional<Expected<std::string>> StreamParser::nextFrame()
{
    if (m_frames.empty())
        return std::nullopt;
    Expected<std::string> frame = std::move(m_frames.front());
    m_frames.pop_front();
    return frame;
}

std::optional<Expected<Message>> StreamParser::next()
{
    auto frame = nextFrame();
    if (!frame)
        return std::nullopt;
    if (!*frame)
        return Expected<Message>(frame->error());
    return decode(frame->value());
}

} // namespace tb
