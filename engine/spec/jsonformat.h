#pragma once

#include "spec/jsonreader.h"

#include <string>

namespace tb {

// Pretty-prints a spec the way people write them by hand: the top level and anything too long
// for one line are broken over lines with two-space indents, while short arrays and objects
// (a parameter, a problem size, a list of values) stay on one line. Ends with a newline.
std::string formatJson(const Json &value, int lineWidth = 100);

// `value` formatted as formatJson() would inside a document: it starts at column `column` of a
// line indented by `indent` spaces. No trailing newline.
std::string formatJsonAt(const Json &value, int indent, int column, int lineWidth = 100);

} // namespace tb
