// The Run form's strategy and budget: what the user picks reaches the RunRequest ("From spec"
// leaves the spec's own), and a real run with real workers honours it (the configurations per
// size and the strategy the workspace records).
#include "pages/runbudget.h"
#include "pages/runform.h"
#include "session/sessioncontroller.h"
#include "smallmatmulspec.h"
#include "storage/store.h"
#include "testpaths.h"

#include "search/searchstrategy.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

void typeInto(QAbstractSpinBox *box, const QString &text)
{
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Tab);
}

} // namespace

class TestRunBudget : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // The engine's strategies, every one, reach the request by their engine names.
    void offersEveryStrategyOfTheEngine()
    {
        RunForm form;
        QComboBox *combo = form.budget()->strategyCombo();
        QCOMPARE(combo->count(), int(strategyNames().size()) + 1); // and "From spec"
        for (const auto &name : strategyNames()) {
            const int index = combo->findData(QString::fromStdString(name));
            QVERIFY2(index > 0, name.c_str());
            combo->setCurrentIndex(index);
            QCOMPARE(form.request().strategy.value_or(QString()), QString::fromStdString(name));
        }
    }

    void fromSpecLeavesTheSpecsOwn()
    {
        RunForm form;
        const RunRequest request = form.request();
        QVERIFY(!request.strategy.has_value());
        QVERIFY(!request.maxConfigs.has_value());
        QVERIFY(!request.maxSeconds.has_value());
        QVERIFY(!request.fresh);
        QCOMPARE(form.budget()->maxConfigsBox()->text(), QStringLiteral("From spec"));
    }

    void choicesReachTheRequest()
    {
        RunForm form;
        form.show();
        QVERIFY(QTest::qWaitForWindowExposed(&form));
        RunBudget *budget = form.budget();
        budget->strategyCombo()->setFocus();
        QTest::keyClick(budget->strategyCombo(), Qt::Key_Down); // Auto
        QTest::keyClick(budget->strategyCombo(), Qt::Key_Down); // Brute force
        QTest::keyClick(budget->strategyCombo(), Qt::Key_Down); // Random
        typeInto(budget->maxConfigsBox(), QStringLiteral("12"));
        typeInto(budget->maxMinutesBox(), QStringLiteral("1.5"));
        QTest::mouseClick(budget->freshBox(), Qt::LeftButton);
        const RunRequest request = form.request();
        QCOMPARE(request.strategy.value_or(QString()), QStringLiteral("random"));
        QCOMPARE(request.maxConfigs.value_or(0), 12);
        QCOMPARE(request.maxSeconds.value_or(0), 90.0);
        QVERIFY(request.fresh);

        budget->reset();
        QVERIFY(!form.request().strategy.has_value());
        QVERIFY(!form.request().maxConfigs.has_value());
        QVERIFY(!form.request().fresh);
    }

    void theInputsLockWhileRunning()
    {
        RunForm form;
        form.setRunning(true);
        QVERIFY(!form.budget()->isEnabled());
        form.setRunning(false);
        QVERIFY(form.budget()->isEnabled());
    }

    // The small matmul spec says random, 4 per size; the form says brute force, 2 per size.
    void aRealRunHonoursTheBudget()
    {
        QTemporaryDir dir;
        const QString spec = tbtest::writeSmallMatmulSpec(dir.path());
        QVERIFY(!spec.isEmpty());
        RunForm form;
        form.setSpecPath(spec);
        form.setWorkspacePath(dir.filePath("budget.tbw"));
        form.setWorkers(2);
        form.budget()->strategyCombo()->setCurrentIndex(
            form.budget()->strategyCombo()->findData(QStringLiteral("brute_force")));
        form.budget()->maxConfigsBox()->setValue(2);
        RunRequest request = form.request();
        request.workerPath = tbtest::workerPath();

        SessionController controller;
        QSignalSpy finished(&controller, &SessionController::finished);
        QSignalSpy failed(&controller, &SessionController::failed);
        QVERIFY(controller.start(request));
        QVERIFY2(finished.wait(90000), qPrintable(failed.value(0).value(0).toString()));
        QCOMPARE(int(finished.at(0).at(0).value<RunSummary>().evaluated), 4); // 2 per size

        auto store = Store::open(dir.filePath("budget.tbw").toStdString());
        QVERIFY(store.hasValue());
        auto runs = store->runs().all();
        QVERIFY(runs.hasValue());
        QCOMPARE(int(runs->size()), 1);
        QCOMPARE(QString::fromStdString(runs->front().strategy), QStringLiteral("brute_force"));
    }
};

QTEST_MAIN(TestRunBudget)
#include "tst_runbudget.moc"
