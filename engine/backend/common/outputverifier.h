#pragma once

#include "model/spec.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tb {

// A read-only look at one output buffer.
struct OutputView
{
    std::string name;
    ElementType type = ElementType::Float32;
    const void *data = nullptr;
    std::uint64_t count = 0;
};

// An owned copy of an output buffer: what the reference configuration produced.
struct OutputSnapshot
{
    std::string name;
    ElementType type = ElementType::Float32;
    std::uint64_t count = 0;
    std::vector<std::byte> bytes;

    static OutputSnapshot copyOf(const OutputView &view);
    OutputView view() const { return {name, type, bytes.data(), count}; }
};

// Compares a configuration's outputs with the reference's, element by element: an element
// matches when it equals the reference exactly (infinities included) or when
// |x - ref| <= atol + rtol * |ref|. NaN never matches, so a kernel that produces NaN fails.
class OutputVerifier
{
public:
    OutputVerifier(double rtol, double atol) : m_rtol(rtol), m_atol(atol) {}

    // Empty when every output matches; otherwise the wrong_result message: how many elements
    // differ, the first index and both values.
    std::string compare(const std::vector<OutputView> &reference,
                        const std::vector<OutputView> &actual) const;
    // The same, against the copies the reference configuration left.
    std::string compare(const std::vector<OutputSnapshot> &reference,
                        const std::vector<OutputView> &actual) const;

    bool matches(double value, double expected) const;

private:
    double m_rtol;
    double m_atol;
};

// "3 of 4096 elements of output 'y' differ from the reference; first at [17]: got 1.5,
// expected 2": the one wording of a wrong_result, whichever side compared (host or GPU).
std::string outputMismatchMessage(const std::string &name, std::uint64_t mismatches,
                                  std::uint64_t count, std::uint64_t firstIndex, double got,
                                  double expected);

} // namespace tb
