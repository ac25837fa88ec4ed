#pragma once

#include "model/resultstatus.h"

#include <QString>

#include <string_view>

// The engine's words as Qt text, in one place: a std::string_view need not end in a NUL, so it
// is converted by its size, never by data() alone.
inline QString viewText(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// A result status as the CLI and the workspace name it ("ok", "compile_error", ...).
inline QString resultStatusText(tb::ResultStatus status)
{
    return viewText(tb::toString(status));
}
