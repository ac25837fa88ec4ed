#include "outputverifier.h"

#include "backend/common/hostbuffer.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

namespace tb {

namespace {

std::string number(double value)
{
    std::ostringstream text;
    text.precision(9);
    text << value;
    return text.str();
}

template <typename T> bool allEqualAs(const OutputView &a, const OutputView &b)
{
    const T *left = static_cast<const T *>(a.data);
    const T *right = static_cast<const T *>(b.data);
    bool equal = true;
    for (std::uint64_t i = 0; i < a.count; ++i)
        equal &= left[i] == right[i]; // no early exit: lets the compiler vectorise
    return equal;
}

bool allEqual(const OutputView &a, const OutputView &b)
{
    switch (a.type) {
    case ElementType::Float32:
        return allEqualAs<float>(a, b);
    case ElementType::Float64:
        return allEqualAs<double>(a, b);
    case ElementType::Int32:
        return allEqualAs<std::int32_t>(a, b);
    default:
        return false; // the element-by-element walk handles every type
    }
}

} // namespace

OutputSnapshot OutputSnapshot::copyOf(const OutputView &view)
{
    OutputSnapshot snapshot{view.name, view.type, view.count, {}};
    snapshot.bytes.resize(static_cast<std::size_t>(view.count) * elementSize(view.type));
    if (!snapshot.bytes.empty())
        std::memcpy(snapshot.bytes.data(), view.data, snapshot.bytes.size());
    return snapshot;
}

bool OutputVerifier::matches(double value, double expected) const
{
    return matches(value, expected, m_verification.toleranceFor({}));
}

bool OutputVerifier::matches(double value, double expected, const OutputTolerance &tolerance)
{
    if (value == expected)
        return true;
    // Past here an infinity would make the tolerance infinite too, and NaN never compares.
    if (!std::isfinite(value) || !std::isfinite(expected))
        return false;
    return std::fabs(value - expected) <= tolerance.atol + tolerance.rtol * std::fabs(expected);
}

std::string OutputVerifier::compare(const std::vector<OutputView> &reference,
                                    const std::vector<OutputView> &actual) const
{
    if (reference.size() != actual.size())
        return "the configuration has " + std::to_string(actual.size()) +
               " outputs, the reference " + std::to_string(reference.size());
    for (std::size_t b = 0; b < actual.size(); ++b)
        if (std::string mismatch = compareOutput(reference[b], actual[b]); !mismatch.empty())
            return mismatch;
    return {};
}

std::string OutputVerifier::compareOutput(const OutputView &expected, const OutputView &got) const
{
    const OutputTolerance tolerance = m_verification.toleranceFor(got.name);
    if (expected.count != got.count)
        return outputCountMessage(got.name, got.count, tolerance.comparedWith, expected.count);
    // Most configurations reproduce the reference exactly: a typed pass settles them in
    // milliseconds even for 16M elements (NaN != NaN, so NaN still goes the slow way).
    if (expected.type == got.type && allEqual(expected, got))
        return {};
    std::uint64_t mismatches = 0;
    std::vector<ElementMismatch> first;
    for (std::uint64_t i = 0; i < got.count; ++i) {
        const double value = readElement(got.data, got.type, i);
        const double want = readElement(expected.data, expected.type, i);
        if (matches(value, want, tolerance))
            continue;
        if (mismatches++ < kShownMismatches)
            first.push_back({i, value, want});
    }
    const std::uint64_t allowed = tolerance.maxMismatches.of(got.count);
    if (mismatches <= allowed)
        return {};
    return outputMismatchMessage(got.name, tolerance.comparedWith, mismatches, got.count, allowed,
                                 first);
}

std::string OutputVerifier::compare(const std::vector<OutputSnapshot> &reference,
                                    const std::vector<OutputView> &actual) const
{
    std::vector<OutputView> views;
    for (const auto &snapshot : reference)
        views.push_back(snapshot.view());
    return compare(views, actual);
}

std::string outputMismatchMessage(const std::string &name, const std::string &comparedWith,
                                  std::uint64_t mismatches, std::uint64_t count,
                                  std::uint64_t allowed, std::span<const ElementMismatch> first)
{
    std::string message = std::to_string(mismatches) + " of " + std::to_string(count) +
                          " elements of output '" + name + "' differ from " + comparedWith;
    if (allowed > 0)
        message += " (" + std::to_string(allowed) + " allowed)";
    const char *separator = "; first at ";
    for (const ElementMismatch &element : first.first(std::min(first.size(), kShownMismatches))) {
        message += separator;
        message += "[" + std::to_string(element.index) + "]: got " + number(element.got) +
                   ", expected " + number(element.expected);
        separator = "; ";
    }
    return message;
}

std::string outputCountMessage(const std::string &name, std::uint64_t count,
                               const std::string &comparedWith, std::uint64_t expectedCount)
{
    return "output '" + name + "' has " + std::to_string(count) + " elements, " + comparedWith +
           " has " + std::to_string(expectedCount);
}

} // namespace tb
