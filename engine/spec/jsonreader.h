#pragma once

#include "spec/specissue.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tb {

// Keeps object keys in document order, so the problem-size names and the worker's copy of the
// document come out in the order the user wrote them.
using Json = nlohmann::ordered_json;

// Typed access to a JSON document that turns every mismatch into a SpecIssue instead of an
// exception, so a loader can carry on and report every problem at once. Internal to tb_spec.
class JsonReader
{
public:
    enum class Need
    {
        Optional,
        Required
    };

    explicit JsonReader(std::vector<SpecIssue> &issues) : m_issues(issues) {}

    void report(const std::string &path, std::string message);
    std::size_t issueCount() const { return m_issues.size(); }
    // Whether an issue was reported at `path` or below it.
    bool hasIssueUnder(const std::string &path) const;

    static std::string child(const std::string &path, std::string_view key);
    static std::string child(const std::string &path, std::size_t index);

    // `value` must be an object; keys outside `known` are reported as unknown.
    bool object(const Json &value, const std::string &path,
                std::initializer_list<std::string_view> known)
    {
        return object(value, path, std::span(known.begin(), known.size()));
    }
    bool object(const Json &value, const std::string &path,
                std::span<const std::string_view> known);
    // `value` must be an array; `what` completes "expected an array of ...".
    bool array(const Json &value, const std::string &path, std::string_view what);
    // The member `key`, or nullptr (reported as missing when required).
    const Json *member(const Json &object, const std::string &path, std::string_view key,
                       Need need = Need::Optional);

    // Value reads: nullopt (and an issue) when the value has the wrong type.
    std::optional<std::string> text(const Json &value, const std::string &path); // non-empty
    std::optional<double> number(const Json &value, const std::string &path);    // finite
    std::optional<std::int64_t> integer(const Json &value, const std::string &path);
    std::optional<std::uint64_t> unsignedInteger(const Json &value, const std::string &path);
    std::optional<bool> boolean(const Json &value, const std::string &path);
    // An expression is a non-empty string; a plain number is accepted as its own text.
    std::optional<std::string> expression(const Json &value, const std::string &path);

    // Member reads: nullopt when missing (reported if required) or of the wrong type.
    std::optional<std::string> text(const Json &object, const std::string &path,
                                    std::string_view key, Need need = Need::Optional);
    std::optional<double> number(const Json &object, const std::string &path, std::string_view key,
                                 Need need = Need::Optional);
    std::optional<std::int64_t> integer(const Json &object, const std::string &path,
                                        std::string_view key, Need need = Need::Optional);
    std::optional<std::uint64_t> unsignedInteger(const Json &object, const std::string &path,
                                                 std::string_view key, Need need = Need::Optional);
    std::optional<bool> boolean(const Json &object, const std::string &path, std::string_view key,
                                Need need = Need::Optional);
    std::optional<std::string> expression(const Json &object, const std::string &path,
                                          std::string_view key, Need need = Need::Optional);

    static bool isIdentifier(std::string_view name);

private:
    void wrongType(const Json &value, const std::string &path, std::string_view expected);

    std::vector<SpecIssue> &m_issues;
};

} // namespace tb
