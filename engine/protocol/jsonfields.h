#pragma once

// Private to tb_protocol: typed reads of a frame's fields that remember the first problem, so a
// decoder reads straight through and checks once at the end.

#include "messagecodec.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tb::protocol_detail {

using Json = nlohmann::json;

// A number as JSON: finite numbers as numbers, the others as "nan", "inf", "-inf".
Json numberToJson(double value);

class FieldReader
{
public:
    // `where` names the object in errors: "job_result", "job_result.result.summary".
    FieldReader(const Json &object, std::string where);

    std::string text(const char *name);
    std::int64_t integer(const char *name);
    std::uint64_t unsignedInteger(const char *name);
    double number(const char *name);
    // An optional field: `absent` when the object has no such field.
    double numberOr(const char *name, double absent);
    bool boolean(const char *name);
    std::vector<double> numbers(const char *name);
    std::map<std::string, double> numberMap(const char *name);
    // The sub-object, or nullptr (and an error) when missing or not an object.
    const Json *object(const char *name);
    // An optional sub-object: nullptr without an error when absent; an error when not an object.
    const Json *optionalObject(const char *name);

    // Records a problem found by the caller (e.g. an unknown enum name).
    void fail(ProtocolFault fault, const std::string &specifics);

    // Takes over the first problem of a reader of a sub-object.
    void adopt(const FieldReader &child);

    const std::optional<EngineError> &error() const { return m_error; }
    const std::string &where() const { return m_where; }

private:
    const Json *field(const char *name);
    void wrongType(const char *name, const char *expected);

    const Json &m_object;
    std::string m_where;
    std::optional<EngineError> m_error;
};

} // namespace tb::protocol_detail
