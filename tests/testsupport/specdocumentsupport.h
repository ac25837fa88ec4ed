#pragma once

#include "document/specdocument.h"

#include <QTest>

// Helpers of the tests that work on a tb::SpecDocument (ui tests only: it needs tb_ui).
namespace tbtest {

// Validation runs on a pool thread after a quiet period: waits (up to 10 s) for the verdict.
inline bool settle(const tb::SpecDocument &document)
{
    return QTest::qWaitFor([&] { return !document.isValidationPending(); }, 10000);
}

} // namespace tbtest
