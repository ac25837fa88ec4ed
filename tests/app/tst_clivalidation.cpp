// The command line's checks through the real tunebench-cli (issue 17, defect 6): every bad
// number names what the option needs in words and exits 2; an unknown strategy is refused
// before any run exists; a file that is not a workspace is bad input (3), left as it was.
#include "clirunner.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString faultySpec()
{
    return examplePath("tests/app/data/faulty.json");
}

// Exit 2, the option and `need` in the message, and no DBL_MAX spelled out in full.
void verifyUsageError(const CliOutcome &outcome, const QString &option, const QString &need)
{
    QCOMPARE(outcome.exitCode, 2);
    QVERIFY2(outcome.err.contains(option), qPrintable(outcome.err));
    QVERIFY2(outcome.err.contains(need), qPrintable(outcome.err));
    QVERIFY2(!outcome.err.contains("17976931"), qPrintable(outcome.err));
}

} // namespace

class TestCliValidation : public QObject
{
    Q_OBJECT

private slots:
    void badNumbersNameWhatTheOptionNeeds()
    {
        QTemporaryDir dir;
        const QString ws = dir.filePath("ws.tbw");
        verifyUsageError(runCli({"-w", ws, "tune", faultySpec(), "--workers", "0"}), "--workers",
                         "needs a whole number of 1 or more, got '0'");
        verifyUsageError(runCli({"-w", ws, "tune", faultySpec(), "--workers", "2.5"}), "--workers",
                         "got '2.5'");
        verifyUsageError(runCli({"-w", ws, "tune", faultySpec(), "--max-configs", "-3"}),
                         "--max-configs", "needs a whole number of 1 or more");
        verifyUsageError(runCli({"-w", ws, "tune", faultySpec(), "--max-seconds", "0"}),
                         "--max-seconds", "needs a number of seconds above 0, got '0'");
        verifyUsageError(runCli({"-w", ws, "show", "1", "--top", "-1"}), "--top",
                         "needs a whole number of 0 or more, got '-1'");
        verifyUsageError(runCli({"-w", ws, "compare", "1", "2", "--top", "-1"}), "--top",
                         "0 or more");
        verifyUsageError(runCli({"-w", ws, "compare", "1", "2", "--threshold", "150"}),
                         "--threshold", "needs a percentage from 0 to 100, got '150'");
        QVERIFY(!QFile::exists(ws)); // nothing was run, nothing created
    }

    void unknownStrategyMakesNoRun()
    {
        QTemporaryDir dir;
        const QString ws = dir.filePath("ws.tbw");
        const auto refused = runCli({"-w", ws, "tune", faultySpec(), "--strategy", "genetic"});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("genetic") && refused.err.contains("brute_force"),
                 qPrintable(refused.err));
        QVERIFY(!QFile::exists(ws));
        // A later tune has no junk run to resume: it starts run 1 with the spec's strategy.
        const auto tuned = runCli(
            {"-w", ws, "tune", faultySpec(), "--strategy", "brute_force", "--max-configs", "1"});
        QCOMPARE(tuned.exitCode, 0);
        QVERIFY2(tuned.out.contains("Starting run 1"), qPrintable(tuned.out));
    }

    // A grid no constraint can prune is walked point by point: validate says how far it is.
    void validateShowsProgressOnAGridItMustWalk()
    {
        QTemporaryDir dir;
        QFile spec(dir.filePath("big.json"));
        QVERIFY(spec.open(QIODevice::WriteOnly));
        const QByteArray values = "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,"
                                  "25,26,27,28,29,30,31,32,33,34,35]"; // 35^5: ~4 s to walk
        spec.write(R"({"tunebench_spec": 1, "name": "big", "backend": "cpu",
            "kernel": {"code": "void k(float *a) { (void)a; }", "entry": "k"},
            "parameters": [{"name": "A", "values": )" +
                   values + R"(}, {"name": "B", "values": )" + values +
                   R"(}, {"name": "C", "values": )" + values + R"(},
                {"name": "D", "values": )" +
                   values + R"(}, {"name": "E", "values": )" + values + R"(}],
            "constraints": ["(A + B + C + D + E) % 2 == 0"],
            "problem_sizes": [{"N": 64}],
            "arguments": [{"name": "a", "kind": "buffer", "type": "float32", "size": "N"}]})");
        spec.close();
        const auto validated = runCli({"validate", spec.fileName()});
        QVERIFY2(validated.exitCode == 0, qPrintable(validated.out + validated.err));
        QVERIFY2(validated.out.contains("52521875 configurations, 26260937 valid"),
                 qPrintable(validated.out));
        QVERIFY2(validated.err.contains("problem size 1: checking the constraints on every point"),
                 qPrintable(validated.err));
        QVERIFY2(validated.err.contains(QRegularExpression(", [1-9][0-9]%")),
                 qPrintable(validated.err));

        // tune plans the same walk before its first result: the same progress.
        const auto tuned = runCli({"-w", dir.filePath("ws.tbw"), "tune", spec.fileName(),
                                   "--strategy", "brute_force", "--max-configs", "1"});
        QVERIFY2(tuned.err.contains("problem size 1: checking the constraints on every point"),
                 qPrintable(tuned.out + tuned.err));
    }

    void fileThatIsNoWorkspaceIsBadInputAndLeftAsItWas()
    {
        QTemporaryDir dir;
        const QString ws = dir.filePath("notes.txt");
        QFile notes(ws);
        QVERIFY(notes.open(QIODevice::WriteOnly));
        const QByteArray text = "my notes, not a workspace\n";
        notes.write(text);
        notes.close();
        const auto refused = runCli({"-w", ws, "tune", faultySpec()});
        QCOMPARE(refused.exitCode, 3);
        QVERIFY2(refused.err.contains("is not a Tunebench workspace"), qPrintable(refused.err));
        QVERIFY(notes.open(QIODevice::ReadOnly));
        QCOMPARE(notes.readAll(), text);
    }
};

QTEST_GUILESS_MAIN(TestCliValidation)
#include "tst_clivalidation.moc"
