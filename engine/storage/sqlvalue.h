#pragma once

#include "statement.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace tb {

// One value for a query parameter, as Database::query() and run() take them in a list bound to
// ?1, ?2, ...: NULL, an integer, a double (an absent optional is NULL) or text. Text is viewed,
// not copied: a value lives for the call it is written in.
class SqlValue
{
public:
    SqlValue(std::nullptr_t) {}
    SqlValue(int value) : m_value(std::int64_t(value)) {}
    SqlValue(std::int64_t value) : m_value(value) {}
    SqlValue(double value) : m_value(value) {}
    SqlValue(const std::optional<double> &value)
    {
        if (value)
            m_value = *value;
    }
    SqlValue(std::string_view text) : m_value(text) {}
    SqlValue(const std::string &text) : m_value(std::string_view(text)) {}
    SqlValue(const char *text) : m_value(std::string_view(text)) {}

    // Binds the value to parameter `index` (from 1) of `statement`.
    void bindTo(Statement &statement, int index) const;

private:
    std::variant<std::monostate, std::int64_t, double, std::string_view> m_value;
};

} // namespace tb
