#include "engineerror.h"

namespace tb {

const char *toString(EngineError::Code code)
{
    switch (code) {
    case EngineError::Code::InvalidSpec:
        return "invalid_spec";
    case EngineError::Code::InvalidArgument:
        return "invalid_argument";
    case EngineError::Code::IoError:
        return "io_error";
    case EngineError::Code::StoreError:
        return "store_error";
    case EngineError::Code::ProtocolError:
        return "protocol_error";
    case EngineError::Code::WorkerError:
        return "worker_error";
    case EngineError::Code::CompileError:
        return "compile_error";
    case EngineError::Code::BackendError:
        return "backend_error";
    case EngineError::Code::NoDevice:
        return "no_device";
    case EngineError::Code::Cancelled:
        return "cancelled";
    case EngineError::Code::Busy:
        return "busy";
    case EngineError::Code::Internal:
        return "internal";
    }
    return "internal";
}

} // namespace tb
