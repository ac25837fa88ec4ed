// The Preferences at work in the main window: Edit > Preferences (Ctrl+,), the appearance,
// the Run form's worker count, and the GPUs and measurement defaults every run gets.
#include "document/specdocument.h"
#include "mainwindow.h"
#include "pages/runform.h"
#include "pages/runpage.h"
#include "pages/specpages.h"
#include "probespec.h"
#include "session/gpuselection.h"
#include "session/sessioncontroller.h"
#include "settings/appearance.h"
#include "settings/appsettings.h"
#include "settings/deviceselector.h"
#include "settings/editmenu.h"
#include "settings/measurementform.h"
#include "settings/preferencescontroller.h"
#include "settings/settingsdialog.h"
#include "settingssupport.h"
#include "space/spacepage.h"
#include "tasks/runsetup.h"
#include "testpaths.h"

#include <QApplication>
#include <QComboBox>
#include <QListWidget>
#include <QMenuBar>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;
using tbtest::twoFakeGpus;
using tbtest::typeInto;

namespace {

// Opens Edit > Preferences the way a user does (Ctrl+,) and waits for the GPU probe.
SettingsDialog *openPreferences(MainWindow &window)
{
    window.activateWindow(); // back from a dialog closed a moment ago
    if (!QTest::qWaitForWindowActive(&window))
        return nullptr;
    QTest::keyClick(&window, Qt::Key_Comma, Qt::ControlModifier);
    SettingsDialog *dialog = window.editMenu()->preferences()->dialog();
    if (dialog)
        tbtest::waitForProbe(*dialog);
    return dialog;
}

} // namespace

class TestPreferences : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_settingsDir;
    QTemporaryDir m_dir;

    // A shown, active main window whose Preferences see two fake GPUs.
    static bool prepare(MainWindow &window)
    {
        window.editMenu()->preferences()->setDialogFactory(
            [](QWidget *parent) { return new SettingsDialog(parent, twoFakeGpus); });
        window.show();
        window.activateWindow();
        return QTest::qWaitForWindowActive(&window);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_settingsDir.isValid() && m_dir.isValid());
        tbtest::keepSettingsIn(m_settingsDir.path(), QStringLiteral("tst_preferences"));
        qputenv("TUNEBENCH_WORKER", tbtest::workerPath().toLocal8Bit());
    }

    void init() { QSettings().clear(); }
    void cleanup() { applyAppearance(Appearance::System); }

    void ctrlCommaOpensPreferencesFromTheEditMenu()
    {
        MainWindow window;
        QVERIFY(prepare(window));
        QStringList menus;
        for (const QAction *action : window.menuBar()->actions())
            menus << action->text();
        const auto file = menus.indexOf(QStringLiteral("&File"));
        QVERIFY2(file >= 0 && menus.value(file + 1) == QStringLiteral("&Edit") &&
                     menus.value(file + 2) == QStringLiteral("&Run"),
                 qPrintable(menus.join(QLatin1Char(' '))));
        QVERIFY(window.editMenu()->actions().contains(window.editMenu()->preferences()->action()));

        SettingsDialog *dialog = openPreferences(window);
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->isModal()); // window-modal, and the test was not blocked: open()
        QCOMPARE(dialog->parentWidget(), &window);
        window.editMenu()->preferences()->action()->trigger(); // one dialog at a time
        QCOMPARE(window.editMenu()->preferences()->dialog(), dialog);
        QPointer<SettingsDialog> closing(dialog);
        QTest::keyClick(dialog, Qt::Key_Escape);
        QVERIFY(!window.editMenu()->preferences()->dialog());
        QTRY_VERIFY(!closing); // deleted once closed
    }

    void savingDarkRecoloursTheApplication()
    {
        MainWindow window;
        QVERIFY(prepare(window));
        const QColor dark = darkPalette().color(QPalette::Window);
        QVERIFY(QApplication::palette().color(QPalette::Window) != dark);
        SettingsDialog *dialog = openPreferences(window);
        QVERIFY(dialog);
        QComboBox *scheme = dialog->appearanceBox();
        scheme->setCurrentIndex(scheme->findData(int(Appearance::Dark)));
        QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
        QCOMPARE(AppSettings().appearance(), Appearance::Dark);
        QCOMPARE(QApplication::palette().color(QPalette::Window), dark);
        QTRY_COMPARE(window.palette().color(QPalette::Window), dark);
        QCOMPARE(QApplication::style()->name().toLower(), QStringLiteral("fusion"));
        // What main() does at start-up: the stored appearance, before any window shows.
        applyAppearance(Appearance::System);
        QVERIFY(QApplication::palette().color(QPalette::Window) != dark);
        applyAppearance(AppSettings().appearance());
        QCOMPARE(QApplication::palette().color(QPalette::Window), dark);
    }

    // Nothing stored: the form's count is Auto, and the run asks the engine to choose (0).
    void theRunFormShowsAutoByDefault()
    {
        QVERIFY(!QSettings().contains(QStringLiteral("workers/compile")));
        MainWindow window;
        QVERIFY(prepare(window));
        RunForm *form = window.runPage()->form();
        QCOMPARE(form->workers(), 0);
        QCOMPARE(form->workersBox()->text(), QString("Auto"));
        QCOMPARE(form->request().workers, 0);
        QCOMPARE(form->workersBox()->toolTip(),
                 QString("Compile workers; Auto: 8 per GPU, at least 16, at most one per core"));
        // A count, then Auto again, typed the way a user does.
        typeInto(form->workersBox(), QStringLiteral("12"));
        QCOMPARE(form->request().workers, 12);
        QCOMPARE(form->workersBox()->text(), QString("12"));
        typeInto(form->workersBox(), QStringLiteral("auto"));
        QCOMPARE(form->workers(), 0);
        typeInto(form->workersBox(), QStringLiteral("abc"));
        QCOMPARE(form->workersBox()->text(), QString("a")); // a word in progress: b, c refused
        QCOMPARE(form->workers(), 0);
        typeInto(form->workersBox(), QStringLiteral("9"));
        QCOMPARE(form->workers(), 9);
        window.close();
        // The preference's value (Auto) is not remembered; 9 is.
        QCOMPARE(QSettings().value(QStringLiteral("run/workers")).toInt(), 9);
    }

    // Automatic in the Preferences is Auto in the form, like any other count.
    void choosingAutomaticInThePreferencesSetsTheFormToAuto()
    {
        AppSettings().setCompileWorkers(3);
        MainWindow window;
        QVERIFY(prepare(window));
        RunForm *form = window.runPage()->form();
        QCOMPARE(form->workersBox()->text(), QString("3"));
        SettingsDialog *dialog = openPreferences(window);
        QVERIFY(dialog);
        typeInto(dialog->compileWorkersBox(), QStringLiteral("Automatic"));
        QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
        QCOMPARE(AppSettings().compileWorkers(), 0);
        QCOMPARE(form->workers(), 0);
        QCOMPARE(form->workersBox()->text(), QString("Auto"));
        window.close();
        QVERIFY(!QSettings().contains(QStringLiteral("run/workers")));
    }

    void theWorkerCountFollowsTheCompileWorkersPreference()
    {
        AppSettings().setCompileWorkers(3);
        {
            MainWindow window;
            QVERIFY(prepare(window));
            RunForm *form = window.runPage()->form();
            QCOMPARE(form->workers(), 3); // nothing remembered: the preference

            SettingsDialog *dialog = openPreferences(window);
            QVERIFY(dialog);
            typeInto(dialog->compileWorkersBox(), QStringLiteral("5"));
            QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
            QCOMPARE(AppSettings().compileWorkers(), 5);
            QCOMPARE(form->workers(), 5);

            // Saving other preferences keeps a count chosen in the form.
            form->setWorkers(7);
            dialog = openPreferences(window);
            QVERIFY(dialog);
            QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
            QCOMPARE(form->workers(), 7);
            window.close();
        }
        QCOMPARE(QSettings().value(QStringLiteral("run/workers")).toInt(), 7);
        {
            MainWindow window;
            QCOMPARE(window.runPage()->form()->workers(), 7); // remembered wins
            window.runPage()->form()->setWorkers(5);
            window.close();
        }
        // The preference's own value is not remembered: the form follows the next preference.
        QVERIFY(!QSettings().contains(QStringLiteral("run/workers")));
        AppSettings().setCompileWorkers(2);
        MainWindow window;
        QCOMPARE(window.runPage()->form()->workers(), 2);
    }

    void theRunRequestCarriesTheGpusAndMeasurementDefaults()
    {
        MainWindow window;
        QVERIFY(prepare(window));
        RunRequest request = window.runPage()->form()->request();
        QVERIFY(!request.enabledGpus); // every GPU
        QCOMPARE(request.measurementDefaults.maxSamples, MeasurementSettings().maxSamples);

        SettingsDialog *dialog = openPreferences(window);
        QVERIFY(dialog);
        QListWidget *gpus = dialog->devices()->list();
        QCOMPARE(gpus->count(), 2);
        dialog->tabs()->setCurrentWidget(dialog->devices());
        gpus->setFocus();
        gpus->setCurrentRow(0);
        QTest::keyClick(gpus, Qt::Key_Space); // GPU 0 off
        dialog->tabs()->setCurrentWidget(dialog->measurement());
        typeInto(dialog->measurement()->minSamplesBox(), QStringLiteral("2"));
        typeInto(dialog->measurement()->maxSamplesBox(), QStringLiteral("4"));
        QVERIFY2(dialog->okButton()->isEnabled(), qPrintable(dialog->problem()));
        QTest::mouseClick(dialog->okButton(), Qt::LeftButton);

        request = window.runPage()->form()->request();
        QCOMPARE(request.enabledGpus, std::optional<QStringList>(QStringList{"1"}));
        QCOMPARE(request.measurementDefaults.minSamples, 2);
        QCOMPARE(request.measurementDefaults.maxSamples, 4);
        QCOMPARE(request.measurementDefaults.timeoutSeconds, MeasurementSettings().timeoutSeconds);
    }

    // The run's bench workers are the GPUs found that the Preferences enable.
    void enabledGpusSelectTheBenchWorkers()
    {
        const std::vector<std::string> found{"0", "1", "2"};
        QCOMPARE(selectGpus(found, std::nullopt), found);
        QCOMPARE(selectGpus(found, std::vector<std::string>{"2", "0"}),
                 (std::vector<std::string>{"0", "2"}));
        QVERIFY(
            selectGpus(found, std::vector<std::string>{"7"}).empty()); // another machine's choice
        QVERIFY(noEnabledGpuReason(QStringList{"7"}).contains(QStringLiteral("7")));
    }

    // A spec without a "measurement" block runs with the Preferences' values: 3 samples per
    // configuration, fewer than the built-in minimum of 5.
    void measurementDefaultsReachTheRun()
    {
        MeasurementSettings measurement;
        measurement.warmupRuns = 0;
        measurement.minSamples = 3;
        measurement.maxSamples = 3;
        AppSettings().setMeasurement(measurement);
        QVERIFY(measurement.minSamples < MeasurementSettings().minSamples);
        const QString spec = tbtest::writeProbeSpec(m_dir.path());
        QVERIFY(!spec.isEmpty());

        MainWindow window;
        QVERIFY(prepare(window));
        RunPage *page = window.runPage();
        window.setSpecPath(spec);
        page->form()->setWorkspacePath(m_dir.filePath(QStringLiteral("measure.tbw")));
        page->form()->setWorkers(2);
        QSignalSpy results(page->controller(), &SessionController::resultArrived);
        QSignalSpy finished(page, &RunPage::runFinished);
        QSignalSpy failed(page, &RunPage::runFailed);
        QTest::mouseClick(page->form()->startButton(), Qt::LeftButton);
        QVERIFY2(finished.wait(60000), qPrintable(failed.value(0).value(0).toString()));
        QCOMPARE(results.count(), 3);
        for (const auto &arguments : std::as_const(results)) {
            const auto event = arguments.at(0).value<ResultEvent>();
            QVERIFY2(event.result.status == ResultStatus::Ok, event.result.message.c_str());
            QCOMPARE(int(event.result.samples.size()), 3);
        }
    }

    // Edit > Undo and Redo act on the Space page's history while it is shown.
    void editUndoFollowsTheSpacePage()
    {
        const QString spec = tbtest::writeProbeSpec(m_dir.path());
        MainWindow window;
        QVERIFY(prepare(window));
        window.setSpecPath(spec);
        SpecDocument *document = window.specPages()->document();
        QCOMPARE(QFileInfo(document->filePath()), QFileInfo(spec));
        QAction *undo = window.editMenu()->undoAction();
        QAction *redo = window.editMenu()->redoAction();

        window.pages()->setCurrentWidget(window.specPages()->spacePage());
        QVERIFY(!undo->isEnabled());
        QVERIFY(document->setValue(QStringLiteral("/name"), SpecJson("renamed")));
        QVERIFY(undo->isEnabled());
        QVERIFY2(undo->text().startsWith(QStringLiteral("&Undo")), qPrintable(undo->text()));
        window.pages()->setCurrentWidget(window.runPage());
        QVERIFY(!undo->isEnabled()); // the Run page keeps no history
        window.pages()->setCurrentWidget(window.specPages()->spacePage());
        undo->trigger();
        QVERIFY(document->value(QStringLiteral("/name")) == SpecJson("probe"));
        QVERIFY(!document->isModified());
        QVERIFY(!undo->isEnabled());
        QVERIFY(redo->isEnabled());
        redo->trigger();
        QVERIFY(document->value(QStringLiteral("/name")) == SpecJson("renamed"));
    }
};

QTEST_MAIN(TestPreferences)
#include "tst_preferences.moc"
