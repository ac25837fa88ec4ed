#include "cubinsymbols.h"

#include <cstring>
#include <optional>

namespace tb {

namespace {

// The ELF64 layout, little-endian, as the ELF specification gives it.
constexpr std::size_t kSectionHeaderOffset = 0x28; // e_shoff
constexpr std::size_t kSectionHeaderSize = 0x3a;   // e_shentsize
constexpr std::size_t kSectionCount = 0x3c;        // e_shnum
constexpr std::uint32_t kSymbolTableType = 2;      // SHT_SYMTAB
constexpr unsigned kObjectType = 1;                // STT_OBJECT
constexpr unsigned kFunctionType = 2;              // STT_FUNC
constexpr std::size_t kSymbolSize = 24;            // sizeof(Elf64_Sym)

template <typename T> std::optional<T> read(std::span<const std::byte> image, std::uint64_t offset)
{
    if (offset > image.size() || image.size() - offset < sizeof(T))
        return std::nullopt;
    T value;
    std::memcpy(&value, image.data() + offset, sizeof(T));
    return value;
}

struct Section
{
    std::uint32_t type = 0;
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    std::uint32_t link = 0; // a symbol table's string table
};

std::optional<Section> sectionAt(std::span<const std::byte> image, std::uint64_t header)
{
    const auto type = read<std::uint32_t>(image, header + 4);
    const auto offset = read<std::uint64_t>(image, header + 24);
    const auto size = read<std::uint64_t>(image, header + 32);
    const auto link = read<std::uint32_t>(image, header + 40);
    if (!type || !offset || !size || !link)
        return std::nullopt;
    if (*offset > image.size() || image.size() - *offset < *size)
        return std::nullopt;
    return Section{*type, *offset, *size, *link};
}

bool isElf64LittleEndian(std::span<const std::byte> image)
{
    static constexpr unsigned char kMagic[] = {0x7f, 'E', 'L', 'F', 2 /* 64-bit */, 1 /* LE */};
    return image.size() >= 64 && std::memcmp(image.data(), kMagic, sizeof kMagic) == 0;
}

// The NUL-ended name at `offset` of a string table, or "" when it runs past the table.
std::string nameAt(std::span<const std::byte> image, const Section &strings, std::uint32_t offset)
{
    if (offset >= strings.size)
        return {};
    const char *begin = reinterpret_cast<const char *>(image.data() + strings.offset + offset);
    const std::size_t room = strings.size - offset;
    const std::size_t length = strnlen(begin, room);
    return length < room ? std::string(begin, length) : std::string();
}

// A name the compiler made, no variable of the source: printf's format strings ($str, $str$1)
// and unnamed constants (__unnamed_1). A variable in an anonymous namespace (_INTERNAL_...) is
// the user's and stays.
bool compilerMade(const std::string &name)
{
    return name.starts_with('$') || name.starts_with("__unnamed_");
}

void addSymbols(std::span<const std::byte> image, const Section &symbols, const Section &strings,
                CubinSymbols &found)
{
    for (std::uint64_t at = 0; at + kSymbolSize <= symbols.size; at += kSymbolSize) {
        const std::uint64_t symbol = symbols.offset + at;
        const auto nameOffset = read<std::uint32_t>(image, symbol);
        const auto info = read<unsigned char>(image, symbol + 4);
        const auto sectionIndex = read<std::uint16_t>(image, symbol + 6);
        const auto size = read<std::uint64_t>(image, symbol + 16);
        if (!nameOffset || !info || !sectionIndex || !size)
            return;
        const unsigned type = *info & 0xf;
        if (*sectionIndex == 0 || (type != kObjectType && type != kFunctionType))
            continue;
        std::string name = nameAt(image, strings, *nameOffset);
        if (name.empty() || compilerMade(name))
            continue;
        if (type == kFunctionType)
            found.functions.push_back(std::move(name));
        else if (*size > 0)
            found.variables.push_back({std::move(name), *size});
    }
}

} // namespace

CubinSymbols readCubinSymbols(std::span<const std::byte> image)
{
    CubinSymbols found;
    if (!isElf64LittleEndian(image))
        return found;
    const auto tableOffset = read<std::uint64_t>(image, kSectionHeaderOffset);
    const auto entrySize = read<std::uint16_t>(image, kSectionHeaderSize);
    const auto count = read<std::uint16_t>(image, kSectionCount);
    if (!tableOffset || !entrySize || !count || *entrySize < 64)
        return found;
    for (std::uint16_t i = 0; i < *count; ++i) {
        const auto section = sectionAt(image, *tableOffset + std::uint64_t(i) * *entrySize);
        if (!section || section->type != kSymbolTableType || section->link >= *count)
            continue;
        const auto strings =
            sectionAt(image, *tableOffset + std::uint64_t(section->link) * *entrySize);
        if (strings)
            addSymbols(image, *section, *strings, found);
    }
    return found;
}

} // namespace tb
