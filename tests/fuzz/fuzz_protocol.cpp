// libFuzzer target: any bytes as what a worker writes to its supervisor. The stream parser and
// decoder must turn every input into messages or protocol errors, never crash or hang, and a
// decoded message must encode and decode to the same type.
#include "protocol/messagecodec.h"
#include "protocol/streamparser.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    tb::StreamParser parser;
    // Fed in two pieces, as a pipe may deliver it.
    const std::size_t half = size / 2;
    parser.feed(std::string_view(reinterpret_cast<const char *>(data), half));
    for (int pass = 0; pass < 2; ++pass) {
        while (auto item = parser.next()) {
            if (!*item)
                continue;
            const auto again = tb::decode(std::string_view(tb::encode(item->value()))
                                              .substr(0, tb::encode(item->value()).size() - 1));
            if (!again ||
                std::strcmp(tb::messageType(again.value()), tb::messageType(item->value())) != 0)
                std::abort();
        }
        if (pass == 0) {
            parser.feed(std::string_view(reinterpret_cast<const char *>(data) + half, size - half));
            parser.finish();
        }
    }
    return 0;
}
