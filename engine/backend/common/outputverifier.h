#pragma once

#include "model/spec.h"

#include <cstddef>
#include <cstdint>
#include <span>
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

// One element that differs: where it is, and both values as doubles.
struct ElementMismatch
{
    std::uint64_t index = 0;
    double got = 0;
    double expected = 0;
};

// How many of the first differing elements a wrong_result message shows.
inline constexpr std::size_t kShownMismatches = 3;

// Compares a configuration's outputs with the reference's, element by element: an element
// matches when it equals the reference exactly (infinities included) or when
// |x - ref| <= atol + rtol * |ref|. NaN never matches, so a kernel that produces NaN fails.
// Each output has its own tolerances (Verification::toleranceFor), and passes while no more
// elements differ than its max_mismatches allows.
class OutputVerifier
{
public:
    explicit OutputVerifier(Verification verification) : m_verification(std::move(verification)) {}
    // The same tolerances for every output, and no element may differ.
    OutputVerifier(double rtol, double atol) : OutputVerifier(Verification{{}, rtol, atol, {}}) {}

    // Empty when every output passes; otherwise the wrong_result message: how many elements
    // differ, how many may, and the first few with both values.
    std::string compare(const std::vector<OutputView> &reference,
                        const std::vector<OutputView> &actual) const;
    // The same, against the copies the reference configuration left.
    std::string compare(const std::vector<OutputSnapshot> &reference,
                        const std::vector<OutputView> &actual) const;
    // One output against what it is expected to hold (the reference's copy or its file).
    std::string compareOutput(const OutputView &expected, const OutputView &got) const;

    // With the section's tolerances.
    bool matches(double value, double expected) const;
    static bool matches(double value, double expected, const OutputTolerance &tolerance);

private:
    Verification m_verification;
};

// "5 of 4096 elements of output 'y' differ from the reference (3 allowed); first at [17]: got
// 1.5, expected 2; [90]: got 0, expected 1; [121]: got 4, expected 3": the one wording of a
// wrong_result, whichever side compared (host or GPU). `comparedWith` is
// OutputTolerance::comparedWith ("the reference", "the expected file 'y.npy'"). "(N allowed)"
// only where N > 0; `first` holds the lowest differing elements, at most kShownMismatches.
std::string outputMismatchMessage(const std::string &name, const std::string &comparedWith,
                                  std::uint64_t mismatches, std::uint64_t count,
                                  std::uint64_t allowed, std::span<const ElementMismatch> first);

// "output 'y' has 4096 elements, the expected file 'y.npy' has 1000": the wording when the
// counts differ, on either side.
std::string outputCountMessage(const std::string &name, std::uint64_t count,
                               const std::string &comparedWith, std::uint64_t expectedCount);

} // namespace tb
