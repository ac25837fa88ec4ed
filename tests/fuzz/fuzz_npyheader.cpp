// libFuzzer target: any bytes as an .npy file's start. Parsing must accept or refuse with a
// message; what parsed must describe a header inside the bytes, with a shape that prints.
#include "data/npyheader.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    auto header = tb::NpyHeader::parse({data, size});
    if (!header)
        return 0;
    if (header->dataOffset > size)
        std::abort(); // the data would start past the bytes given
    (void)header->elementCount();
    (void)header->shapeText();
    return 0;
}
