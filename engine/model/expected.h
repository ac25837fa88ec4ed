#pragma once

#include "engineerror.h"

#include <cassert>
#include <utility>
#include <variant>

namespace tb {

// A value or the EngineError that explains why there is none (std::expected is C++23).
template <typename T> class [[nodiscard]] Expected
{
public:
    Expected(T value) : m_state(std::move(value)) {}
    Expected(EngineError error) : m_state(std::move(error)) {}

    bool hasValue() const { return std::holds_alternative<T>(m_state); }
    explicit operator bool() const { return hasValue(); }

    T &value()
    {
        assert(hasValue());
        return std::get<T>(m_state);
    }
    const T &value() const
    {
        assert(hasValue());
        return std::get<T>(m_state);
    }
    T &operator*() { return value(); }
    const T &operator*() const { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

    const EngineError &error() const
    {
        assert(!hasValue());
        return std::get<EngineError>(m_state);
    }

private:
    std::variant<T, EngineError> m_state;
};

// For operations that return nothing on success.
struct Done
{};
using Status = Expected<Done>;

inline Status ok()
{
    return Done{};
}

inline EngineError makeError(EngineError::Code code, std::string message, std::string detail = {})
{
    return EngineError{code, std::move(message), std::move(detail)};
}

} // namespace tb
