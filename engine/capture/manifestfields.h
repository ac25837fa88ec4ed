#pragma once

#include "model/spec.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// capture.json's values read by type, each refusing what the format does not allow with the
// value's path ("launches[0].arguments[2].bytes"): the pieces readCaptureManifest is made of.
namespace tb::manifestfields {

using nlohmann::json;

// A value of capture.json that is not as the format says: where, and what is wrong. Thrown by
// these readers, caught by parseCaptureManifest and returned as its error.
struct ManifestProblem
{
    std::string path;
    std::string what;
};

[[noreturn]] void refuse(const std::string &path, const std::string &what);

// "a real number", "string", ...: a value's JSON type, as a refusal names it.
std::string typeName(const json &value);
// The path of `key` in the object at `path`, and of element `index` of the array at `path`.
std::string member(const std::string &path, const char *key);
std::string element(const std::string &path, std::size_t index);

const json &field(const json &object, const std::string &path, const char *key);
const json &objectAt(const json &value, const std::string &path);
const json &arrayAt(const json &value, const std::string &path);
std::string stringAt(const json &value, const std::string &path);
std::string nonEmptyStringAt(const json &value, const std::string &path);
bool boolAt(const json &value, const std::string &path);
// A whole number in [0, limit]: "4096.0", -1 and 2^64 are refused, not rounded or wrapped.
std::uint64_t countAt(const json &value, const std::string &path, std::uint64_t limit);
// A 32-bit exit code.
int intAt(const json &value, const std::string &path);
std::vector<std::string> stringsAt(const json &value, const std::string &path);
// null (not known) or a spec element type's name.
std::optional<ElementType> elementTypeAt(const json &value, const std::string &path);
// One of grid's or block's three extents, each in [1, limit].
std::array<std::uint32_t, 3> extentsAt(const json &value, const std::string &path,
                                       std::uint32_t limit);

} // namespace tb::manifestfields
