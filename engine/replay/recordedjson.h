#pragma once

#include "replay/recordedspace.h"

#include "model/expected.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

// Internal to tb_replay: what the readers share.
namespace tb::replay_detail {

// Keeps object keys in document order: T4 names its parameters only by the order of a
// configuration's keys, and a cache's entries stay in the order they were measured.
using RecordedJson = nlohmann::ordered_json;

// The file's text (plain or gzip) parsed; an IoError or an InvalidArgument naming the file and
// where the syntax breaks. Only parsed: no field is ever evaluated.
Expected<RecordedJson> loadRecordedJson(const std::string &path);

Expected<RecordedSpace> kernelTunerCacheFromJson(const RecordedJson &root, const std::string &path);
Expected<RecordedSpace> t4ResultsFromJson(const RecordedJson &root, const std::string &path);

// A finite number (JSON booleans are not numbers here); nullopt for anything else.
std::optional<double> numberOf(const RecordedJson &value);

// The value as a short JSON text for messages: "\"abc\"", "[1,2]"; cut after ~40 characters.
std::string shortText(const RecordedJson &value);

// Why a parameter value is refused: Tunebench's configurations are numeric.
std::string nonNumericParameter(const std::string &name, const RecordedJson &value);

// Fails with the first configuration recorded twice; entryNames[i] says where configuration i
// is in the file ("cache entry '16,1'", "results[3]").
Status checkDistinct(const RecordedSpace &space, const std::string &path,
                     const std::vector<std::string> &entryNames);

// InvalidArgument "<path>: <where>: <what>", or "<path>: <what>" for the whole document.
EngineError contentError(const std::string &path, const std::string &where,
                         const std::string &what);

} // namespace tb::replay_detail
