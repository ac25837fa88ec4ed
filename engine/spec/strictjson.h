#pragma once

#include "spec/jsonreader.h"
#include "spec/specissue.h"

#include <string>
#include <vector>

namespace tb {

// Parses a spec document as nlohmann does, but an object that has a key twice is an issue (one
// per repeat, at the key's JSON pointer, naming its line and the first one's) rather than the
// last value winning unseen: {"timeout_seconds": 5, ..., "timeout_seconds": 500} is a mistake
// to be told about. Throws what Json::parse throws for text that is not JSON.
Json parseRefusingDuplicateKeys(const std::string &text, std::vector<SpecIssue> &issues);

} // namespace tb
