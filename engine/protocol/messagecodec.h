#pragma once

#include "messages.h"

#include "model/expected.h"

#include <optional>
#include <string>
#include <string_view>

namespace tb {

// Why a frame could not be read. Every protocol error carries one, as the first word of its
// EngineError::detail ("missing_field: 'id' in job_result"), so callers can branch on it.
enum class ProtocolFault
{
    None,           // not a protocol error
    Garbage,        // not JSON at all
    NotAnObject,    // JSON, but not an object
    UnknownType,    // no "type", or a type this version does not know
    MissingField,   // a required field is absent
    WrongType,      // a field has the wrong JSON type or an invalid value
    OversizedFrame, // more than the maximum frame size without a newline
    Truncated,      // the stream ended in the middle of a frame
};

const char *toString(ProtocolFault fault);

// The fault of a protocol error made by this layer; None for any other error.
ProtocolFault protocolFault(const EngineError &error);

// An EngineError{ProtocolError} for the fault, with "fault: specifics" as detail.
EngineError makeProtocolError(ProtocolFault fault, std::string message, std::string specifics);

// The message type's name on the wire: "hello", "job_result", ...
const char *messageType(const Message &message);

// One frame: compact JSON plus the terminating newline. Non-finite numbers travel as the
// strings "nan", "inf" and "-inf"; invalid UTF-8 in text is replaced, never an error.
std::string encode(const Message &message);

// The message in one frame (with or without its newline). Unknown extra fields are ignored so a
// newer peer can add some; everything this version needs must be there with the right type.
Expected<Message> decode(std::string_view frame);

// The "protocol" field of a frame that may not decode as a hello of this version: lets the
// supervisor say "speaks protocol 2" instead of "missing field".
std::optional<int> peekProtocolVersion(std::string_view frame);

} // namespace tb
