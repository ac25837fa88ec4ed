#pragma once

#include "spec/specloader.h"

#include <nlohmann/json.hpp>

#include <QString>
#include <QTest>

#include <string>

namespace tb::testing {

using Json = nlohmann::ordered_json;

// The smallest valid spec; tests mutate a copy to produce one problem at a time.
inline Json minimalSpec()
{
    return Json::parse(R"({
        "tunebench_spec": 1,
        "name": "minimal",
        "backend": "cpu",
        "kernel": {"code": "void k(float *a, int n) { (void)a; (void)n; }", "entry": "k"},
        "parameters": [{"name": "BM", "values": [16, 32, 64]}],
        "problem_sizes": [{"N": 256}],
        "arguments": [
            {"name": "a", "kind": "buffer", "type": "float32", "size": "N"},
            {"name": "n", "kind": "scalar", "type": "int32", "value": "N"}
        ]
    })");
}

inline QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

// All issues of the last call, one per line: the failure message of a QVERIFY2.
inline QByteArray issueList(const SpecLoader &loader)
{
    std::string text;
    for (const auto &issue : loader.issues())
        text += "\n  " + issue.path + ": " + issue.message;
    return QByteArray::fromStdString(text.empty() ? " (no issues)" : text);
}

// An issue at exactly `path` whose message contains `fragment`.
inline bool hasIssue(const SpecLoader &loader, const std::string &path, const std::string &fragment)
{
    for (const auto &issue : loader.issues()) {
        if (issue.path == path && issue.message.find(fragment) != std::string::npos)
            return true;
    }
    return false;
}

} // namespace tb::testing

// Parses `json` (a Json) and checks that it fails with an issue at `path` mentioning `fragment`.
#define TB_EXPECT_ISSUE(loader, json, path, fragment)                                              \
    do {                                                                                           \
        auto tbParsed = (loader).parse((json).dump(), TB_SOURCE_DIR);                              \
        QVERIFY2(!tbParsed.hasValue(), "the spec was accepted");                                   \
        const std::string tbWhat = "no issue at " + std::string(path) + " mentioning '" +          \
                                   std::string(fragment) +                                         \
                                   "'; issues:" + tb::testing::issueList(loader).toStdString();    \
        QVERIFY2(tb::testing::hasIssue((loader), (path), (fragment)), tbWhat.c_str());             \
    } while (false)
