#pragma once

#include "testfiles.h"

#include <QObject>
#include <QTemporaryDir>
#include <QTest>

namespace documenttest {

// The base of the SpecDocument suites: before each test, a fresh copy of the bundled matmul
// example (spec and kernel) alone in m_dir, so edits and saves touch nothing shared; m_path is
// the copy's spec.
class ExampleCopyFixture : public QObject
{
    Q_OBJECT
protected:
    QTemporaryDir m_dir;
    QString m_path;

private slots:
    // Qt Test finds this in the derived suites too, as it does their tests.
    void init()
    {
        QVERIFY(m_dir.isValid());
        m_path = tbtest::copyExampleAfresh(QStringLiteral("matmul"), m_dir.path());
        QVERIFY(!m_path.isEmpty());
    }
};

} // namespace documenttest
