#pragma once

#include "jsonpointer.h"

#include <string>

namespace tb {

// The text of `after`, written by changing in `text` (a JSON text that holds `before`) only the
// values that differ: every other byte (indentation, line breaks, key order, "1.0" against
// "1") stays as the user wrote it. A changed value is rewritten where it stands, formatted as
// formatJson() would at that indentation; a removed member takes its comma with it; an added
// one goes after the object's last member, indented as its siblings are. Falls back to
// formatJson(after) whenever the patched text would not read back as exactly `after`.
std::string patchJsonText(const std::string &text, const SpecJson &before, const SpecJson &after);

} // namespace tb
