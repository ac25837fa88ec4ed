#pragma once

#include "model/symbolname.h"

#include <string>

namespace tb {

// `listing` (PTX, SASS) with each line that names mangled symbols followed by their C++ names
// as a comment ("_Z1kILi4EEvPf:  // k<4>(float*)"); the listing itself is left as the tool
// wrote it, so it can still be copied and searched for the symbol.
std::string withDemangledNames(const std::string &listing);

} // namespace tb
