#pragma once

#include <set>
#include <string>
#include <string_view>

namespace tb {

// Names and text from a spec (free text: the spec's name, parameter and size names, a device
// name) written into generated C++ source so that none of it can change what the source means.

// A C++ identifier for `name`: every character outside [A-Za-z0-9_] becomes '_', and `prefix`
// goes in front when the result is empty, starts with a digit or '_' (names with a leading
// underscore or "__" are the implementation's), is a keyword or alternative token (`int`,
// `and`), or is a macro the generated header's own includes or a compiler may define
// (`NULL`, `INFINITY`, `M_PI`, `FP_NAN`, `unix`, ...): `prefix` must itself start a valid name.
std::string cppIdentifier(std::string_view name, std::string_view prefix);

// cppIdentifier(), then "_2", "_3", ... until the result is not in `taken`, which it joins:
// "a-b" and "a_b" must not become the same member twice.
std::string uniqueCppIdentifier(std::string_view name, std::string_view prefix,
                                std::set<std::string> &taken);

// `text` as a C++ string literal, quotes included: printable ASCII as is, except '"', '\\'
// and '?' (escaped, so no trigraph forms in a compiler that still reads them); every other
// byte as a three-digit octal escape (unlike \x, it never swallows the digits after it).
// Only printable ASCII comes out, and the literal always ends in '"': safe in a comment too.
std::string cppStringLiteral(std::string_view text);

} // namespace tb
