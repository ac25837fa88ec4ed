#include "datafile.h"

#include "npydtype.h"
#include "npyheader.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace tb {

namespace {

// "argument 'points' (float32, 4000000 elements): data file '/data/points.npy'"
std::string subject(const std::string &path, const Argument &argument, std::uint64_t count)
{
    return "argument '" + argument.name + "' (" + toString(argument.type) + ", " +
           std::to_string(count) + " elements): data file '" + path + "'";
}

EngineError mismatch(const std::string &subjectText, const std::string &problem)
{
    return makeError(EngineError::Code::InvalidSpec, subjectText + ": " + problem);
}

// NumPy writes a 1-d array (or one of a single row or column) with either flag: the bytes are
// the same. Only a true matrix in Fortran order would be read transposed.
bool transposed(const NpyHeader &header)
{
    const auto extents = std::count_if(header.shape.begin(), header.shape.end(),
                                       [](std::uint64_t extent) { return extent > 1; });
    return header.fortranOrder && extents > 1;
}

} // namespace

bool DataFile::isNpy(const std::string &path)
{
    if (path.size() < 4)
        return false;
    std::string extension = path.substr(path.size() - 4);
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension == ".npy";
}

Expected<DataFile> DataFile::open(const std::string &path, const Argument &argument,
                                  std::uint64_t count)
{
    auto file = MappedFile::open(path);
    if (!file)
        return makeError(file.error().code,
                         "argument '" + argument.name + "': " + file.error().message);
    const std::string described = subject(path, argument, count);
    if (isNpy(path))
        return checkedNpy(std::move(*file), argument, count, described);
    return checkedRaw(std::move(*file), argument, count, described);
}

Expected<DataFile> DataFile::checkedRaw(MappedFile file, const Argument &argument,
                                        std::uint64_t count, const std::string &described)
{
    const std::size_t size = file.bytes().size();
    const std::size_t element = elementSize(argument.type);
    if (size % element != 0)
        return mismatch(described, "raw data of " + std::to_string(size) +
                                       " bytes is not a whole number of " +
                                       toString(argument.type) + " elements");
    if (size / element != count)
        return mismatch(described, "holds " + std::to_string(size / element) + " elements (" +
                                       std::to_string(size) + " bytes of raw " +
                                       toString(argument.type) + "), the argument needs " +
                                       std::to_string(count));
    return DataFile(std::move(file), 0, size);
}

Expected<DataFile> DataFile::checkedNpy(MappedFile file, const Argument &argument,
                                        std::uint64_t count, const std::string &described)
{
    auto header = NpyHeader::parse(file.bytes());
    if (!header)
        return mismatch(described, header.error().message);
    const std::string withDtype =
        described + " (dtype " + header->descr + ", shape " + header->shapeText() + ")";
    if (auto problem = npyDescrMismatch(header->descr, argument.type))
        return mismatch(withDtype, *problem);
    if (transposed(*header))
        return mismatch(withDtype, "is in Fortran order: save it in C order "
                                   "(np.save(path, np.ascontiguousarray(array)))");
    const auto elements = header->elementCount();
    const std::size_t element = elementSize(argument.type);
    const std::size_t available = file.bytes().size() - header->dataOffset;
    if (!elements || *elements > available / element)
        return mismatch(withDtype, "is truncated: its shape needs " +
                                       (elements ? std::to_string(*elements * element)
                                                 : std::string("more than 2^64")) +
                                       " bytes of data, the file has " + std::to_string(available));
    if (available != *elements * element)
        return mismatch(withDtype, "has " + std::to_string(available - *elements * element) +
                                       " bytes past the data its shape gives");
    if (*elements != count)
        return mismatch(withDtype, "holds " + std::to_string(*elements) +
                                       " elements, the argument needs " + std::to_string(count));
    return DataFile(std::move(file), header->dataOffset, available);
}

Expected<std::string> dataFileHash(const std::string &path)
{
    auto file = MappedFile::open(path);
    if (!file)
        return file.error();
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (unsigned char byte : file->bytes()) {
        hash ^= byte;
        hash *= 0x100000001b3ULL;
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    return std::string(hex);
}

} // namespace tb
