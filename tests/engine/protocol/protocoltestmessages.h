#pragma once

// Shared by the protocol tests: a result with every field set, and draining a StreamParser.
#include "model/result.h"
#include "protocol/messagecodec.h"
#include "protocol/streamparser.h"

#include <limits>
#include <string>
#include <vector>

namespace tbtest {

inline tb::Result fullResult()
{
    tb::Result result;
    result.status = tb::ResultStatus::WrongResult;
    result.message = "max error 0.5 at index 17";
    result.compilerLog = "warning: \"unused\" variable\n\tline 2 \\ é ✓";
    result.samples = {1.5e-6, 2.25e-6, 0.0};
    result.summary = {2.0e-6, 1.5e-6, 2.1e-6, 3.0e-7, 3, 0.015};
    result.timer = "steady_clock";
    result.compileSeconds = 0.125;
    result.cachedBuild = true;
    result.resources = {{"registers", 32}, {"spill_stores", 0}};
    result.metrics = {{"GB/s", 812.5},
                      {"inf", std::numeric_limits<double>::infinity()},
                      {"ninf", -std::numeric_limits<double>::infinity()}};
    return result;
}

// Drains a parser: the decoded messages' types, with "!fault" for each error.
inline std::vector<std::string> drain(tb::StreamParser &parser)
{
    std::vector<std::string> items;
    while (auto item = parser.next()) {
        if (*item)
            items.push_back(tb::messageType(item->value()));
        else
            items.push_back(std::string("!") + tb::toString(tb::protocolFault(item->error())));
    }
    return items;
}

using Items = std::vector<std::string>;

} // namespace tbtest
