#pragma once

#include <QtGlobal>

#include <nlohmann/json.hpp>

namespace tbtest {

// Whether two spec documents (or parts) are equal. QCOMPARE cannot print a json: on a
// difference this says what differed instead.
inline bool sameJson(const nlohmann::ordered_json &actual, const nlohmann::ordered_json &expected)
{
    if (actual == expected)
        return true;
    qWarning("json differs:\n  actual:   %s\n  expected: %s", actual.dump().c_str(),
             expected.dump().c_str());
    return false;
}

} // namespace tbtest
