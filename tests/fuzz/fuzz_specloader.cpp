// libFuzzer target: any bytes as a spec document. The loader must answer every input with a
// spec or issues, never crash, hang or leak; a spec it accepts must load again from the
// document it keeps (what a worker does with it).
#include "spec/specloader.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    tb::SpecLoader loader;
    // A base directory with nothing in it: a "source" path must fail cleanly, not be read.
    auto spec = loader.parse(text, "/nonexistent-fuzz-base");
    if (!spec)
        return 0;
    auto again = tb::SpecLoader().parse(spec->document, spec->baseDirectory);
    if (!again)
        std::abort(); // what was accepted once must be accepted again
    return 0;
}
