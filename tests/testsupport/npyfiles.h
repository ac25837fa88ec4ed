#pragma once

#include "data/npyheader.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <string>
#include <vector>

// .npy and raw data files written by tests, as NumPy writes them (or broken on purpose).
namespace tbtest {

inline bool writeBytes(const std::string &path, const std::string &bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return static_cast<bool>(out);
}

// The elements' bytes, little-endian as the host.
template <typename T> std::string elementBytes(const std::vector<T> &values)
{
    std::string bytes(values.size() * sizeof(T), '\0');
    if (!values.empty())
        std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
}

// An .npy file of `values` with dtype `descr` and `shape` (by default one dimension).
template <typename T>
bool writeNpy(const std::string &path, const std::string &descr, const std::vector<T> &values,
              std::vector<std::uint64_t> shape = {})
{
    if (shape.empty())
        shape = {values.size()};
    return writeBytes(path, tb::NpyHeader::encode(descr, shape) + elementBytes(values));
}

} // namespace tbtest
