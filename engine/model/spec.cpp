#include "spec.h"

#include <algorithm>
#include <cmath>
#include <iterator>

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
    case ElementType::Float8E4M3:
        return "float8_e4m3fn";
    case ElementType::Float8E5M2:
        return "float8_e5m2";
    }
    return "float32";
}

std::uint64_t MismatchAllowance::of(std::uint64_t elementCount) const
{
    if (isFraction())
        return static_cast<std::uint64_t>(std::floor(value * static_cast<double>(elementCount)));
    // A count past any output's size allows every element (and converts without overflow).
    return value < static_cast<double>(elementCount) ? static_cast<std::uint64_t>(value)
                                                     : elementCount;
}

const ExpectedOutput *Verification::expectedFor(const std::string &output) const
{
    auto found =
        std::find_if(expected.begin(), expected.end(),
                     [&output](const ExpectedOutput &entry) { return entry.output == output; });
    return found == expected.end() ? nullptr : &*found;
}

OutputTolerance Verification::toleranceFor(const std::string &output) const
{
    const ExpectedOutput *entry = expectedFor(output);
    if (!entry)
        return {rtol, atol, {}};
    OutputTolerance tolerance{entry->rtol.value_or(rtol), entry->atol.value_or(atol),
                              entry->maxMismatches};
    if (!entry->file.empty())
        tolerance.comparedWith = "the expected file '" + entry->file + "'";
    return tolerance;
}

std::string Verification::expectedFile(const std::string &output) const
{
    const ExpectedOutput *entry = expectedFor(output);
    return entry ? entry->file : std::string();
}

bool Verification::compares() const
{
    return reference ||
           std::any_of(expected.begin(), expected.end(),
                       [](const ExpectedOutput &entry) { return !entry.file.empty(); });
}

bool Verification::compares(const std::string &output) const
{
    return reference || !expectedFile(output).empty();
}

std::size_t elementSize(ElementType type)
{
    switch (type) {
    case ElementType::Int8:
    case ElementType::UInt8:
    case ElementType::Float8E4M3:
    case ElementType::Float8E5M2:
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

bool isNarrowReal(ElementType type)
{
    return type == ElementType::Float16 || type == ElementType::BFloat16 ||
           type == ElementType::Float8E4M3 || type == ElementType::Float8E5M2;
}

std::span<const ElementType> allElementTypes()
{
    static constexpr ElementType kTypes[] = {
        ElementType::Float32,    ElementType::Float64,   ElementType::Int8,
        ElementType::Int16,      ElementType::Int32,     ElementType::Int64,
        ElementType::UInt8,      ElementType::UInt16,    ElementType::UInt32,
        ElementType::UInt64,     ElementType::Float16,   ElementType::BFloat16,
        ElementType::Float8E4M3, ElementType::Float8E5M2};
    static_assert(std::size(kTypes) == kElementTypeCount, "a type missing from the list");
    return kTypes;
}

} // namespace tb
