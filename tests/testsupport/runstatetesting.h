#pragma once

// QCOMPARE of two RunStates compares, and on a mismatch prints, their stored names ("finished",
// "interrupted"). An overload, not a QTest::toString specialisation: tb::toString(RunState) is
// found first by the lookup inside QTest's generic comparison, and returns a string_view.

#include "model/runstate.h"

#include <QString>
#include <QTest>

namespace QTest {
inline bool qCompare(const tb::RunState &actual, const tb::RunState &expected,
                     const char *actualText, const char *expectedText, const char *file, int line)
{
    const auto name = [](tb::RunState state) {
        const std::string_view text = tb::toString(state);
        return QString::fromUtf8(text.data(), qsizetype(text.size()));
    };
    return qCompare(name(actual), name(expected), actualText, expectedText, file, line);
}
} // namespace QTest
