// The line of a compiler's log that a result's message shows (firstErrorLine).
#include "backend/common/buildsupport.h"

#include <QTest>

using namespace tb;

class TestBuildSupport : public QObject
{
    Q_OBJECT

private slots:
    void firstErrorLineFindsTheLocatedError_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<QString>("expected");
        QTest::newRow("gcc, a file named like an error")
            << "compile_error.c: In function 'kern':\n"
               "compile_error.c:2:3: error: 'y' undeclared (first use in this function)\n"
               "compile_error.c:2:3: note: each undeclared identifier is reported only once\n"
            << "compile_error.c:2:3: error: 'y' undeclared (first use in this function)";
        QTest::newRow("gcc warning first")
            << "k.c:1:5: warning: unused variable 'a' [-Wunused-variable]\n"
               "k.c:4:1: error: expected ';' before '}' token\n"
            << "k.c:4:1: error: expected ';' before '}' token";
        QTest::newRow("clang fatal")
            << "k.c:1:10: fatal error: 'nope.h' file not found\n#include <nope.h>\n"
            << "k.c:1:10: fatal error: 'nope.h' file not found";
        QTest::newRow("nvrtc") << "gemm.cu(12): warning #177-D: variable \"t\" was declared\n"
                                  "gemm.cu(14): error: identifier \"tile\" is undefined\n"
                                  "1 error detected in the compilation of \"gemm.cu\".\n"
                               << "gemm.cu(14): error: identifier \"tile\" is undefined";
        QTest::newRow("nvrtc catastrophic")
            << "k.cu(1): catastrophic error: cannot open source file \"x.h\"\n"
            << "k.cu(1): catastrophic error: cannot open source file \"x.h\"";
        QTest::newRow("unlocated error")
            << "ptxas info: compiling\nptxas error   : Entry function uses too much shared data\n"
            << "ptxas error   : Entry function uses too much shared data";
        QTest::newRow("no error word") << "something went wrong\nthe end\n\n"
                                       << "the end";
        QTest::newRow("empty") << ""
                               << "";
    }

    void firstErrorLineFindsTheLocatedError()
    {
        QFETCH(QString, log);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(firstErrorLine(log.toStdString())), expected);
    }
};

QTEST_GUILESS_MAIN(TestBuildSupport)
#include "tst_buildsupport.moc"
