#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tb {

// A failure message split into its words and its numbers, so that messages that differ only in
// figures (a line number, an address, a register count) count as one cause. Only the first
// line counts: compiler and driver texts run on with logs and stderr tails.
class MessageShape
{
public:
    explicit MessageShape(std::string_view message);

    // The message with every number replaced by one placeholder: what groups messages.
    const std::string &skeleton() const { return m_skeleton; }
    const std::vector<std::string> &numbers() const { return m_numbers; }

    // Keeps the numbers another message of the same skeleton shares with this one and turns
    // the others into "N": a group's figures that always agree stay readable (the limit, 65536),
    // the ones that vary do not pretend to a single value.
    void mergeNumbers(const MessageShape &other);
    // The skeleton with the numbers put back ("N" where they varied).
    std::string text() const;

private:
    std::string m_skeleton;
    std::vector<std::string> m_numbers;
};

} // namespace tb
