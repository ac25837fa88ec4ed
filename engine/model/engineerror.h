#pragma once

#include <string>

namespace tb {

// An error at an engine API boundary: a code to branch on, a message for the user, and detail
// (a JSON path, a compiler log, an errno text) for whoever digs deeper.
struct EngineError
{
    enum class Code
    {
        InvalidSpec,
        InvalidArgument,
        IoError,
        StoreError,
        ProtocolError,
        WorkerError,
        CompileError,
        BackendError,
        NoDevice,
        Cancelled,
        Busy, // held by another process (a run another tune is writing)
        Internal,
    };

    Code code = Code::Internal;
    std::string message;
    std::string detail;

    // "message (detail)" or just the message: what a CLI prints.
    std::string toString() const
    {
        return detail.empty() ? message : message + " (" + detail + ")";
    }
};

const char *toString(EngineError::Code code);

} // namespace tb
