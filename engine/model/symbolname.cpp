#include "symbolname.h"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>

namespace tb {

std::string demangledName(const std::string &symbol)
{
    int status = 0;
    std::unique_ptr<char, void (*)(void *)> name(
        abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status), std::free);
    return status == 0 && name ? std::string(name.get()) : symbol;
}

} // namespace tb
