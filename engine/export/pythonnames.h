#pragma once

#include <string>
#include <string_view>

namespace tb {

// `text` (a spec's free text: its name, a parameter name, a device) as a Python 3 string
// literal, quotes included, so that none of it can change what generated Python means:
// printable ASCII as is except '"' and '\\' (escaped); control bytes as \xNN; each valid UTF-8
// character outside ASCII as \uXXXX or \UXXXXXXXX; each byte of invalid UTF-8 as \udcNN, the
// surrogateescape form Python itself gives undecodable bytes. Only printable ASCII comes out, so
// the literal is safe in a comment too: no line break, no byte the file's UTF-8 cannot decode.
std::string pythonStringLiteral(std::string_view text);

// pythonStringLiteral() without its quotes: free text in a comment, where it reads better bare
// and only a line break or undecodable bytes could do harm.
std::string pythonCommentText(std::string_view text);

} // namespace tb
