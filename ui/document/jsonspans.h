#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tb {

// Where each value of a JSON text lies, as byte ranges: what a format-keeping save needs to
// rewrite one value and leave every other byte as the user wrote it.
struct JsonSpan
{
    enum class Kind
    {
        Scalar,
        Object,
        Array
    };
    struct Member;

    Kind kind = Kind::Scalar;
    std::size_t begin = 0;          // the value's first byte
    std::size_t end = 0;            // one past its last byte
    std::vector<Member> members;    // an object's, in text order
    std::vector<JsonSpan> elements; // an array's
};

struct JsonSpan::Member
{
    std::string key;          // decoded
    std::size_t keyBegin = 0; // the opening quote of the key
    JsonSpan value;
};

// The spans of a JSON text; nullopt when it is not one JSON value (with surrounding whitespace).
std::optional<JsonSpan> scanJsonSpans(std::string_view text);

} // namespace tb
