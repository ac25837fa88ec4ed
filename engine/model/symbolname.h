#pragma once

#include <string>

namespace tb {

// The C++ name of a mangled symbol ("_Z1kILi4EEvPf" -> "void k<4>(float*)"), or the symbol
// itself when it is not a mangled name (extern "C", a PTX parameter such as "_Z1kPf_param_0").
// One rule for the Kernel page's listings and tunebench-capture's kernel names.
std::string demangledName(const std::string &symbol);

} // namespace tb
