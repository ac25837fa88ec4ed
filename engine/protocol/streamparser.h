#pragma once

#include "messagecodec.h"
#include "messages.h"

#include "model/expected.h"

#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>

namespace tb {

// Cuts a byte stream into frames as bytes arrive, in any chunking. Holds at most one partial
// frame of at most maxFrameBytes: a longer one is dropped up to its newline and reported as
// OversizedFrame. Errors come out in stream order, between the frames around them; parsing
// goes on after an error (the caller decides whether the peer is still worth listening to).
// Never throws and never crashes, whatever the bytes.
class StreamParser
{
public:
    explicit StreamParser(std::size_t maxFrameBytes = kMaxFrameBytes);

    void feed(std::string_view bytes);
    void feed(const char *data, std::size_t size) { feed(std::string_view(data, size)); }

    // End of stream: a partial frame still pending becomes a Truncated error. Bytes fed
    // afterwards are ignored.
    void finish();

    // The next complete frame's text (without newline) or a framing error; nullopt when more
    // bytes are needed. Blank lines are skipped.
    std::optional<Expected<std::string>> nextFrame();

    // The next complete frame decoded (see decode()), or its framing/decoding error.
    std::optional<Expected<Message>> next();

    // Bytes of the partial frame held back: never more than maxFrameBytes.
    std::size_t bufferedBytes() const { return m_partial.size(); }

private:
    void completeFrame();
    void reportOversized();

    std::size_t m_maxFrameBytes;
    std::string m_partial;
    bool m_discarding = false; // inside an oversized frame: drop bytes up to the next newline
    bool m_finished = false;
    std::deque<Expected<std::string>> m_frames;
};

} // namespace tb
