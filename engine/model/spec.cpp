#include "spec.h"

namespace tb {

const char *toString(BackendKind kind)
{
    return kind == BackendKind::Cpu ? "cpu" : "cuda";
}

const char *toString(ElementType type)
{
    switch (type) {
    case ElementType::Int8:
        return "int8";
    case ElementType::Int16:
        return "int16";
    case ElementType::Int32:
        return "int32";
    case ElementType::Int64:
        return "int64";
    case ElementType::UInt8:
        return "uint8";
    case ElementType::UInt16:
        return "uint16";
    case ElementType::UInt32:
        return "uint32";
    case ElementType::UInt64:
        return "uint64";
    case ElementType::Float32:
        return "float32";
    case ElementType::Float64:
        return "float64";
    case ElementType::Float16:
        return "float16";
    case ElementType::BFloat16:
        return "bfloat16";
    }
    return "float32";
}

std::size_t elementSize(ElementType type)
{
    switch (type) {
    case ElementType::Int8:
    case ElementType::UInt8:
        return 1;
    case ElementType::Int16:
    case ElementType::UInt16:
    case ElementType::Float16:
    case ElementType::BFloat16:
        return 2;
    case ElementType::Int32:
    case ElementType::UInt32:
    case ElementType::Float32:
        return 4;
    case ElementType::Int64:
    case ElementType::UInt64:
    case ElementType::Float64:
        return 8;
    }
    return 4;
}

bool isHalfPrecision(ElementType type)
{
    return type == ElementType::Float16 || type == ElementType::BFloat16;
}

} // namespace tb
