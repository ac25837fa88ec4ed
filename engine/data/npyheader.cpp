#include "npyheader.h"

#include <array>
#include <cstring>
#include <limits>

namespace tb {

namespace {

constexpr std::array<unsigned char, 6> kMagic{0x93, 'N', 'U', 'M', 'P', 'Y'};

EngineError headerError(const std::string &problem)
{
    return makeError(EngineError::Code::InvalidSpec, "not a valid .npy file: " + problem);
}

// A cursor over the header's dictionary literal, as NumPy's own writer (and Python's repr)
// produce it: {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }.
class DictionaryParser
{
public:
    explicit DictionaryParser(std::string_view text) : m_text(text) {}

    Status parse(NpyHeader &header)
    {
        bool haveDescr = false, haveOrder = false, haveShape = false;
        if (!take('{'))
            return headerError("the header is not a dictionary");
        while (!take('}')) {
            std::string key;
            if (!readString(key))
                return headerError("a dictionary key is not a quoted string");
            if (!take(':'))
                return headerError("no ':' after the key '" + key + "'");
            if (key == "descr") {
                if (peek() == '[')
                    return headerError("a structured dtype (a list of fields) is not supported");
                if (!readString(header.descr))
                    return headerError("'descr' is not a quoted string");
                haveDescr = true;
            } else if (key == "fortran_order") {
                if (!readBoolean(header.fortranOrder))
                    return headerError("'fortran_order' is neither True nor False");
                haveOrder = true;
            } else if (key == "shape") {
                if (Status read = readShape(header.shape); !read)
                    return read;
                haveShape = true;
            } else {
                return headerError("unknown key '" + key + "'");
            }
            if (!take(',') && peek() != '}')
                return headerError("no ',' or '}' after the value of '" + key + "'");
        }
        skipSpace();
        if (m_position != m_text.size())
            return headerError("text after the dictionary");
        if (!haveDescr || !haveOrder || !haveShape)
            return headerError("the dictionary lacks one of 'descr', 'fortran_order', 'shape'");
        return ok();
    }

private:
    void skipSpace()
    {
        while (m_position < m_text.size() &&
               (m_text[m_position] == ' ' || m_text[m_position] == '\n' ||
                m_text[m_position] == '\t' || m_text[m_position] == '\r'))
            ++m_position;
    }
    char peek()
    {
        skipSpace();
        return m_position < m_text.size() ? m_text[m_position] : '\0';
    }
    bool take(char expected)
    {
        if (peek() != expected)
            return false;
        ++m_position;
        return true;
    }
    bool takeWord(std::string_view word)
    {
        skipSpace();
        if (m_text.substr(m_position, word.size()) != word)
            return false;
        m_position += word.size();
        return true;
    }
    bool readString(std::string &out)
    {
        const char quote = peek();
        if (quote != '\'' && quote != '"')
            return false;
        const std::size_t end = m_text.find(quote, m_position + 1);
        if (end == std::string_view::npos)
            return false;
        out = std::string(m_text.substr(m_position + 1, end - m_position - 1));
        m_position = end + 1;
        return true;
    }
    bool readBoolean(bool &out)
    {
        if (takeWord("True"))
            out = true;
        else if (takeWord("False"))
            out = false;
        else
            return false;
        return true;
    }
    Status readShape(std::vector<std::uint64_t> &shape)
    {
        if (!take('('))
            return headerError("'shape' is not a tuple");
        while (!take(')')) {
            std::uint64_t extent = 0;
            if (!readInteger(extent))
                return headerError("'shape' holds something other than whole numbers");
            if (shape.size() == 64)
                return headerError("'shape' has more than 64 dimensions");
            shape.push_back(extent);
            if (!take(',') && peek() != ')')
                return headerError("no ',' or ')' in 'shape'");
        }
        return ok();
    }
    bool readInteger(std::uint64_t &out)
    {
        skipSpace();
        const std::size_t start = m_position;
        out = 0;
        while (m_position < m_text.size() && m_text[m_position] >= '0' &&
               m_text[m_position] <= '9') {
            const auto digit = static_cast<std::uint64_t>(m_text[m_position] - '0');
            if (out > (std::numeric_limits<std::uint64_t>::max() - digit) / 10)
                return false;
            out = out * 10 + digit;
            ++m_position;
        }
        if (m_position < m_text.size() && m_text[m_position] == 'L')
            ++m_position; // Python 2's long, in files NumPy wrote long ago
        return m_position > start;
    }

    std::string_view m_text;
    std::size_t m_position = 0;
};

std::uint64_t littleEndian(std::span<const unsigned char> bytes)
{
    std::uint64_t value = 0;
    for (std::size_t i = bytes.size(); i-- > 0;)
        value = value << 8 | bytes[i];
    return value;
}

} // namespace

Expected<NpyHeader> NpyHeader::parse(std::span<const unsigned char> file)
{
    if (file.size() < 10 || std::memcmp(file.data(), kMagic.data(), kMagic.size()) != 0)
        return headerError("no \\x93NUMPY magic string at its start");
    NpyHeader header;
    header.majorVersion = file[6];
    header.minorVersion = file[7];
    if (header.majorVersion < 1 || header.majorVersion > 3 || header.minorVersion != 0)
        return headerError("format version " + std::to_string(header.majorVersion) + "." +
                           std::to_string(header.minorVersion) +
                           " is unknown (1.0, 2.0 and 3.0 are read)");
    // Version 1.0 gives the header's length in 2 bytes, 2.0 and 3.0 (UTF-8 text) in 4.
    const std::size_t lengthBytes = header.majorVersion == 1 ? 2 : 4;
    if (file.size() < 8 + lengthBytes)
        return headerError("the file ends inside its header");
    const std::uint64_t length = littleEndian(file.subspan(8, lengthBytes));
    if (length > kMaxHeaderBytes)
        return headerError("a header of " + std::to_string(length) + " bytes (at most " +
                           std::to_string(kMaxHeaderBytes) + " are read)");
    header.dataOffset = 8 + lengthBytes + static_cast<std::size_t>(length);
    if (file.size() < header.dataOffset)
        return headerError("the file ends inside its header");
    const std::string_view text(reinterpret_cast<const char *>(file.data()) + 8 + lengthBytes,
                                static_cast<std::size_t>(length));
    if (Status parsed = DictionaryParser(text).parse(header); !parsed)
        return parsed.error();
    return header;
}

std::string NpyHeader::encode(const std::string &descr, std::span<const std::uint64_t> shape)
{
    NpyHeader described;
    described.shape.assign(shape.begin(), shape.end());
    std::string dictionary = "{'descr': '" + descr +
                             "', 'fortran_order': False, 'shape': " + described.shapeText() + ", }";
    const std::size_t prefix = kMagic.size() + 2 + 2;
    const std::size_t unpadded = prefix + dictionary.size() + 1; // + the final newline
    dictionary.append((64 - unpadded % 64) % 64, ' ');
    dictionary += '\n';
    std::string bytes(kMagic.begin(), kMagic.end());
    bytes += '\x01';
    bytes += '\x00';
    bytes += static_cast<char>(dictionary.size() & 0xff);
    bytes += static_cast<char>(dictionary.size() >> 8);
    return bytes + dictionary;
}

std::optional<std::uint64_t> NpyHeader::elementCount() const
{
    std::uint64_t count = 1;
    for (std::uint64_t extent : shape) {
        if (extent != 0 && count > std::numeric_limits<std::uint64_t>::max() / extent)
            return std::nullopt;
        count *= extent;
    }
    return count;
}

std::string NpyHeader::shapeText() const
{
    std::string text = "(";
    for (std::size_t i = 0; i < shape.size(); ++i)
        text += (i ? ", " : "") + std::to_string(shape[i]);
    return text + (shape.size() == 1 ? ",)" : ")");
}

} // namespace tb
