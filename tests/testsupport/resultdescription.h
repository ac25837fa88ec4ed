#pragma once

#include "model/result.h"

#include <QByteArray>
#include <QString>

// How the backend tests show a Result in their failure messages.
namespace tbtest {

// The status's name: compares readably in QCOMPARE failures.
inline QString statusName(const tb::Result &result)
{
    const auto name = tb::toString(result.status);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

// Status, message and compiler log: a QVERIFY2 failure text.
inline QByteArray resultText(const tb::Result &result)
{
    return QByteArray(tb::toString(result.status).data()) + ": " + result.message.c_str() + "\n" +
           result.compilerLog.c_str();
}

} // namespace tbtest
