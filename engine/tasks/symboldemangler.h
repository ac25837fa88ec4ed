#pragma once

#include <string>

namespace tb {

// The C++ name of a mangled symbol ("_Z1kILi4EEvPf" -> "k<4>(float*)"), or the symbol itself
// when it is not a mangled name (extern "C", a PTX parameter such as "_Z1kPf_param_0").
std::string demangledName(const std::string &symbol);

// `listing` (PTX, SASS) with each line that names mangled symbols followed by their C++ names
// as a comment ("_Z1kILi4EEvPf:  // k<4>(float*)"); the listing itself is left as the tool
// wrote it, so it can still be copied and searched for the symbol.
std::string withDemangledNames(const std::string &listing);

} // namespace tb
