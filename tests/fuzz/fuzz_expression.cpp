// libFuzzer target: any text as a constraint or size expression over a few variables. Compile
// must accept or refuse with a message; evaluating what compiled must return (NaN is fine).
#include "space/expression.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size > 4096) // longer texts add nothing the parser has not seen, only time
        return 0;
    const std::string text(reinterpret_cast<const char *>(data), size);
    static const std::vector<std::string> names{"BM", "BN", "N", "K", "block_size_x"};
    auto expression = tb::Expression::compile(text, names);
    if (!expression)
        return 0;
    const std::array<double, 5> values{64, 32, 4096, 0, 1e300};
    (void)expression->evaluate(values);
    return 0;
}
