#include "statement.h"

#include <sqlite3.h>

#include <limits>
#include <utility>

namespace tb {

Statement::Statement(sqlite3_stmt *stmt, sqlite3 *db, std::string operation)
    : m_stmt(stmt), m_db(db), m_operation(std::move(operation))
{}

Statement::Statement(Statement &&other) noexcept
    : m_stmt(std::exchange(other.m_stmt, nullptr)), m_db(other.m_db),
      m_operation(std::move(other.m_operation)), m_bindError(other.m_bindError)
{}

Statement &Statement::operator=(Statement &&other) noexcept
{
    if (this != &other) {
        finalize();
        m_stmt = std::exchange(other.m_stmt, nullptr);
        m_db = other.m_db;
        m_operation = std::move(other.m_operation);
        m_bindError = other.m_bindError;
    }
    return *this;
}

Statement::~Statement()
{
    finalize();
}

void Statement::finalize()
{
    if (m_stmt)
        sqlite3_finalize(m_stmt);
    m_stmt = nullptr;
}

void Statement::noteBind(int rc)
{
    if (rc != SQLITE_OK && m_bindError == SQLITE_OK)
        m_bindError = rc;
}

Statement &Statement::bindInt(int index, std::int64_t value)
{
    noteBind(sqlite3_bind_int64(m_stmt, index, value));
    return *this;
}

Statement &Statement::bindDouble(int index, double value)
{
    noteBind(sqlite3_bind_double(m_stmt, index, value));
    return *this;
}

Statement &Statement::bindText(int index, std::string_view text)
{
    // SQLITE_TRANSIENT: SQLite copies the text, so temporaries are fine to pass.
    noteBind(sqlite3_bind_text64(m_stmt, index, text.data(), text.size(), SQLITE_TRANSIENT,
                                 SQLITE_UTF8));
    return *this;
}

Statement &Statement::bindNull(int index)
{
    noteBind(sqlite3_bind_null(m_stmt, index));
    return *this;
}

Expected<bool> Statement::step()
{
    if (m_bindError != SQLITE_OK) {
        return makeError(EngineError::Code::StoreError, "cannot " + m_operation,
                         std::string("binding a value failed: ") + sqlite3_errstr(m_bindError));
    }
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    return makeError(EngineError::Code::StoreError, "cannot " + m_operation, sqlite3_errmsg(m_db));
}

Status Statement::run()
{
    while (true) {
        auto row = step();
        if (!row)
            return row.error();
        if (!*row)
            return ok();
    }
}

void Statement::reset()
{
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
    m_bindError = SQLITE_OK;
}

bool Statement::isNull(int column) const
{
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

std::int64_t Statement::intAt(int column) const
{
    return sqlite3_column_int64(m_stmt, column);
}

double Statement::doubleAt(int column) const
{
    if (isNull(column))
        return std::numeric_limits<double>::quiet_NaN();
    return sqlite3_column_double(m_stmt, column);
}

std::string Statement::textAt(int column) const
{
    const auto *text = sqlite3_column_text(m_stmt, column);
    if (!text)
        return {};
    const int length = sqlite3_column_bytes(m_stmt, column);
    return std::string(reinterpret_cast<const char *>(text), static_cast<std::size_t>(length));
}

} // namespace tb
