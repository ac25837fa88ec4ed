#include "sqlvalue.h"

namespace tb {

void SqlValue::bindTo(Statement &statement, int index) const
{
    if (const auto *integer = std::get_if<std::int64_t>(&m_value))
        statement.bindInt(index, *integer);
    else if (const auto *real = std::get_if<double>(&m_value))
        statement.bindDouble(index, *real);
    else if (const auto *text = std::get_if<std::string_view>(&m_value))
        statement.bindText(index, *text);
    else
        statement.bindNull(index);
}

} // namespace tb
