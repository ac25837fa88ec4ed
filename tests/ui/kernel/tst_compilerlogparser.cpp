#include "kernel/compilerlogparser.h"

#include <QTest>

using namespace tb;
using Severity = CompilerMessage::Severity;

class TestCompilerLogParser : public QObject
{
    Q_OBJECT
private slots:
    void parsesNvrtcDiagnostics()
    {
        // As NVRTC prints them: the message, then the source line and a caret (context).
        const QString log = QStringLiteral(
            "/tmp/k/copy_scale.cu(42): error: expected a \";\"\n"
            "      const unsigned long long vectors = n / VEC\n"
            "                                                ^\n"
            "\n"
            "/tmp/k/copy_scale.cu(17): warning #177-D: variable \"unused\" was declared but "
            "never referenced\n"
            "/tmp/k/copy_scale.cu(50): catastrophic error: cannot open source file \"x.h\"\n"
            "1 error detected in the compilation of \"/tmp/k/copy_scale.cu\".\n");
        const auto messages = CompilerLogParser::parse(log);
        QCOMPARE(messages.size(), 3);
        QCOMPARE(messages[0],
                 (CompilerMessage{Severity::Error, QStringLiteral("/tmp/k/copy_scale.cu"), 42, 0,
                                  QStringLiteral("expected a \";\"")}));
        QCOMPARE(messages[1].severity, Severity::Warning);
        QCOMPARE(messages[1].line, 17);
        QVERIFY(messages[1].text.startsWith(QStringLiteral("variable \"unused\"")));
        QCOMPARE(messages[2].severity, Severity::Error);
        QCOMPARE(messages[2].line, 50);
    }

    // As the Triton compiler reports Triton's message (tritoncompiler.cpp): where and what,
    // then Triton's whole message with the source it points into.
    void parsesTritonErrors()
    {
        const QString log =
            QStringLiteral("softmax.py line 20: NameError('undefined_name is not defined')\n"
                           "at 9:4:\n"
                           "def softmax_kernel(\n"
                           "    row = tl.program_id(axis=0)\n"
                           "    undefined_name + 1\n"
                           "    ^\n"
                           "NameError('undefined_name is not defined')\n"
                           "matmul.py: matmul.py has no top-level function matmul\n");
        const auto messages = CompilerLogParser::parse(log);
        QCOMPARE(messages.size(), 2);
        QCOMPARE(messages[0],
                 (CompilerMessage{Severity::Error, QStringLiteral("softmax.py"), 20, 0,
                                  QStringLiteral("NameError('undefined_name is not defined')")}));
        QCOMPARE(messages[1],
                 (CompilerMessage{Severity::Error, QStringLiteral("matmul.py"), 0, 0,
                                  QStringLiteral("matmul.py has no top-level function matmul")}));
    }

    void parsesGccAndClangDiagnostics()
    {
        const QString log = QStringLiteral(
            "/tmp/m/matmul.c: In function 'matmul':\n"
            "/tmp/m/matmul.c:31:5: error: expected ';' before 'for'\n"
            "   31 |     for (int i0 = 0; i0 < n; i0 += BM) {\n"
            "      |     ^~~\n"
            "/tmp/m/matmul.c:12:9: warning: unused variable 'x' [-Wunused-variable]\n"
            "/tmp/m/matmul.c:9:10: fatal error: missing.h: No such file or directory\n"
            "/tmp/m/matmul.c:7:3: note: in expansion of macro 'BM'\n"
            "kernel.c:4: error: old style without a column\n");
        const auto messages = CompilerLogParser::parse(log);
        QCOMPARE(messages.size(), 5);
        QCOMPARE(messages[0],
                 (CompilerMessage{Severity::Error, QStringLiteral("/tmp/m/matmul.c"), 31, 5,
                                  QStringLiteral("expected ';' before 'for'")}));
        QCOMPARE(messages[1].severity, Severity::Warning);
        QCOMPARE(messages[1].column, 9);
        QCOMPARE(messages[2].severity, Severity::Error); // fatal error
        QCOMPARE(messages[2].text, QStringLiteral("missing.h: No such file or directory"));
        QCOMPARE(messages[3].severity, Severity::Note);
        QCOMPARE(messages[4].file, QStringLiteral("kernel.c"));
        QCOMPARE(messages[4].line, 4);
        QCOMPARE(messages[4].column, 0);
    }

    void parsesLocationlessToolMessages()
    {
        const QString log = QStringLiteral(
            "ptxas info    : Used 16 registers, used 0 barriers, 384 bytes cmem[0]\n"
            "ptxas warning : Registers are spilled to local memory in function 'k', 8 bytes "
            "spill stores, 8 bytes spill loads\n"
            "cc1: error: unrecognized command-line option '-fbogus'\n"
            "nvrtc: error: invalid value for --gpu-architecture (-arch)\n");
        const auto messages = CompilerLogParser::parse(log);
        QCOMPARE(messages.size(), 3);
        QCOMPARE(messages[0].severity, Severity::Warning);
        QCOMPARE(messages[0].file, QStringLiteral("ptxas"));
        QVERIFY(!messages[0].hasLocation());
        QCOMPARE(messages[1].file, QStringLiteral("cc1"));
        QCOMPARE(messages[1].severity, Severity::Error);
        QCOMPARE(messages[2].file, QStringLiteral("nvrtc"));
    }

    void skipsContextLines()
    {
        QVERIFY(!CompilerLogParser::parseLine(QStringLiteral("   31 |     for (;;)")));
        QVERIFY(!CompilerLogParser::parseLine(QString()));
        QVERIFY(!CompilerLogParser::parseLine(QStringLiteral("In file included from a.c:1:")));
        QVERIFY(!CompilerLogParser::parseLine(
            QStringLiteral("1 error detected in the compilation of \"k.cu\".")));
        QVERIFY(CompilerLogParser::parse(QString()).isEmpty());
    }

    void summarisesCounts()
    {
        QList<CompilerMessage> messages{{Severity::Error, {}, 1, 0, {}},
                                        {Severity::Error, {}, 2, 0, {}},
                                        {Severity::Warning, {}, 3, 0, {}},
                                        {Severity::Note, {}, 3, 0, {}}};
        QCOMPARE(CompilerLogParser::count(messages, Severity::Error), 2);
        QCOMPARE(CompilerLogParser::summary(messages), QStringLiteral("2 error(s), 1 warning(s)"));
        QCOMPARE(CompilerLogParser::summary({}), QStringLiteral("no messages"));
    }
};

QTEST_GUILESS_MAIN(TestCompilerLogParser)
#include "tst_compilerlogparser.moc"
