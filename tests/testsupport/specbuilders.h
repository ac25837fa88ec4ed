#pragma once

#include "model/spec.h"

#include <string>
#include <utility>

// Small builders for the spec arguments the backend tests describe over and over.
namespace tbtest {

// A buffer argument: `size` elements of `type`, filled as `init` says; `output` buffers are
// compared against the reference configuration.
inline tb::Argument buffer(std::string name, tb::ElementType type, std::string size,
                           tb::BufferInit init = {}, bool output = false)
{
    tb::Argument argument;
    argument.name = std::move(name);
    argument.kind = tb::Argument::Kind::Buffer;
    argument.type = type;
    argument.size = std::move(size);
    argument.init = init;
    argument.output = output;
    return argument;
}

// A float32 buffer argument.
inline tb::Argument buffer(std::string name, std::string size, tb::BufferInit init = {},
                           bool output = false)
{
    return buffer(std::move(name), tb::ElementType::Float32, std::move(size), init, output);
}

// A scalar argument whose value is an expression of the sizes and parameters.
inline tb::Argument scalar(std::string name, tb::ElementType type, std::string value)
{
    tb::Argument argument;
    argument.name = std::move(name);
    argument.kind = tb::Argument::Kind::Scalar;
    argument.type = type;
    argument.value = std::move(value);
    return argument;
}

// Few samples and a short budget: enough to measure a tiny kernel in a unit test.
inline tb::MeasurementSettings quickMeasurement()
{
    return {.warmupRuns = 1,
            .minSamples = 3,
            .maxSamples = 20,
            .targetRelativeHalfWidth = 0.05,
            .maxSecondsPerConfig = 0.2};
}

} // namespace tbtest
