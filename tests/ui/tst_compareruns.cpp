// Compare Runs: two real runs of a small matmul in one workspace, their best configurations per
// problem size compared through View > Compare Runs (the dialog, the off-thread load, the
// Compare page); and bestEntries' choice and order on made-up runs.
#include "compare/compareview.h"
#include "dialogs/comparerunsdialog.h"
#include "dialogs/runcomparison.h"
#include "mainwindow.h"
#include "pages/workspaceactions.h"
#include "session/sessioncontroller.h"
#include "session/workspacecontroller.h"
#include "smallmatmulspec.h"
#include "testpaths.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tb;

namespace {

ResultEvent madeEvent(std::size_t size, const std::string &key, bool newBest)
{
    ResultEvent made;
    made.sizeIndex = size;
    made.configKey = key;
    made.newBest = newBest;
    made.objective = newBest ? 1.0 : std::nan("");
    return made;
}

LoadedRun madeRun(qint64 id, QVector<ResultEvent> events)
{
    LoadedRun made;
    made.record.id = id;
    made.sizeLabels = {QStringLiteral("N=1"), QStringLiteral("N=2")};
    made.events = std::move(events);
    return made;
}

} // namespace

class TestCompareRuns : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("TUNEBENCH_WORKER", tbtest::workerPath().toLocal8Bit());
    }

    void bestEntriesTakesEachSizesLastImprovementInSizeOrder()
    {
        const QVector<LoadedRun> runs = {
            madeRun(4, {madeEvent(1, "A=1", true), madeEvent(0, "A=2", true),
                        madeEvent(0, "A=3", true), madeEvent(0, "A=4", false)}),
            madeRun(9, {madeEvent(0, "A=5", true), madeEvent(1, "A=6", false)}),
        };
        const QVector<CompareEntry> entries = bestEntries(runs);
        QCOMPARE(entries.size(), 3); // run 9 has no best for N=2
        QCOMPARE(entries.at(0).caption, QStringLiteral("run 4: A=3"));
        QCOMPARE(entries.at(0).sizeLabel, QStringLiteral("N=1"));
        QCOMPARE(entries.at(1).caption, QStringLiteral("run 9: A=5"));
        QCOMPARE(entries.at(2).caption, QStringLiteral("run 4: A=1"));
        QCOMPARE(entries.at(2).sizeLabel, QStringLiteral("N=2"));
    }

    // Runs of different specs are compared (a changed kernel against its baseline, as the
    // CLI's compare does), but never silently: the note names each run's spec.
    void flagsRunsOfDifferentSpecs()
    {
        QVector<LoadedRun> runs = {madeRun(4, {}), madeRun(9, {})};
        runs[0].record.specId = 1;
        runs[1].record.specId = 1;
        runs[0].outline.name = QStringLiteral("matmul");
        QVERIFY(specDifferenceNote(runs).isEmpty());
        runs[1].record.specId = 2;
        runs[1].outline.name = QStringLiteral("matmul-v2");
        const QString note = specDifferenceNote(runs);
        QVERIFY2(note.contains(QStringLiteral("different specs")), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("run 4 'matmul' (spec 1)")), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("run 9 'matmul-v2' (spec 2)")), qPrintable(note));

        CompareView view;
        view.setResults({}, note);
        QVERIFY(!view.note()->isHidden());
        QCOMPARE(view.note()->text(), note);
        view.setResults({}); // the next comparison has no such note
        QVERIFY(view.note()->isHidden());
    }

    void comparesTheBestOfTwoRealRuns()
    {
        QTemporaryDir dir;
        const QString spec = tbtest::writeSmallMatmulSpec(dir.path());
        QVERIFY(!spec.isEmpty());
        const QString workspace = dir.filePath("two.tbw");
        for (int i = 0; i < 2; ++i) {
            RunRequest request;
            request.specPath = spec;
            request.workspacePath = workspace;
            request.workerPath = tbtest::workerPath();
            request.workers = 2;
            request.fresh = true; // a second run, not a resumed first one
            SessionController controller;
            QSignalSpy finished(&controller, &SessionController::finished);
            QVERIFY(controller.start(request));
            QVERIFY(finished.wait(90000));
        }

        MainWindow window;
        window.show();
        QSignalSpy loaded(window.workspace(), &WorkspaceController::runLoaded);
        QVERIFY(window.workspaceActions()->openWorkspaceFile(workspace));
        QVERIFY(loaded.wait(20000));
        QCOMPARE(window.workspace()->runs().size(), 2);

        window.compareRuns();
        auto *dialog = window.findChild<CompareRunsDialog *>();
        QVERIFY(dialog);
        QPushButton *compare = dialog->buttons()->button(QDialogButtonBox::Ok);
        QCOMPARE(dialog->list()->count(), 2);
        QVERIFY(!compare->isEnabled());
        dialog->list()->item(0)->setCheckState(Qt::Checked);
        QVERIFY(!compare->isEnabled()); // one run is not a comparison
        dialog->list()->item(1)->setCheckState(Qt::Checked);
        QVERIFY(compare->isEnabled());
        QTest::mouseClick(compare, Qt::LeftButton);

        QTRY_COMPARE_WITH_TIMEOUT(window.pages()->currentWidget(),
                                  static_cast<QWidget *>(window.compareView()), 20000);
        QVERIFY(window.compareView()->note()->isHidden()); // both runs tuned one spec
        // One problem size at a time: each run's best of the size picked (issue 18, item 17).
        QComboBox *sizes = window.compareView()->sizeCombo();
        QCOMPARE(sizes->count(), 2);
        QComboBox *entries = window.compareView()->baselineCombo();
        for (int size = 0; size < sizes->count(); ++size) {
            sizes->setCurrentIndex(size);
            QCOMPARE(entries->count(), 2); // the two runs' best of this size
            QVERIFY(entries->itemText(0).contains(QStringLiteral("run 1:")) !=
                    entries->itemText(1).contains(QStringLiteral("run 1:")));
            QVERIFY(entries->itemText(0).contains(QStringLiteral("run 2:")) !=
                    entries->itemText(1).contains(QStringLiteral("run 2:")));
        }
    }
};

QTEST_MAIN(TestCompareRuns)
#include "tst_compareruns.moc"
