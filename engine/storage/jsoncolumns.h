#pragma once

#include "model/expected.h"

#include <map>
#include <string>
#include <vector>

namespace tb {

// Text of the JSON columns (values_json, resources_json, metrics_json). Whole numbers are
// written as integers so a person reading the file sees 64, not 64.0. JSON has no NaN or
// infinity, so those are written as the strings "nan", "inf" and "-inf" and read back as such:
// a metric that divided by a zero time round-trips instead of turning into null.
std::string valuesToJson(const std::vector<double> &values);
Expected<std::vector<double>> valuesFromJson(const std::string &text);

std::string numberMapToJson(const std::map<std::string, double> &map);
Expected<std::map<std::string, double>> numberMapFromJson(const std::string &text);

} // namespace tb
