#include "pipeline/compileworkers.h"
#include "settings/appearance.h"
#include "settings/appsettings.h"
#include "settings/deviceselector.h"
#include "settings/measurementform.h"
#include "settings/settingsdialog.h"
#include "settingssupport.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStyle>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace tb;

using tbtest::twoFakeGpus;
using tbtest::typeInto;
using tbtest::waitForProbe;

class TestSettingsDialog : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QPalette m_platformPalette;
    QString m_platformStyle;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        tbtest::keepSettingsIn(m_dir.path(), QStringLiteral("tst_settingsdialog"));
        m_platformPalette = QApplication::palette();
        m_platformStyle = QApplication::style()->name();
    }

    void init() { AppSettings().restoreDefaults(); }

    void readsDefaultsFromAnEmptyStore()
    {
        const AppSettings settings;
        QCOMPARE(settings.compileWorkers(), 0); // automatic: the engine chooses per run
        QVERIFY(!settings.enabledGpus().has_value());
        QCOMPARE(settings.appearance(), Appearance::System);
        const MeasurementSettings m = settings.measurement();
        const MeasurementSettings spec; // the spec format's defaults
        QCOMPARE(m.warmupRuns, spec.warmupRuns);
        QCOMPARE(m.maxSamples, spec.maxSamples);
        QCOMPARE(m.targetRelativeHalfWidth, spec.targetRelativeHalfWidth);
        QCOMPARE(m.warmCache, spec.warmCache);

        SettingsDialog dialog(nullptr, twoFakeGpus);
        QCOMPARE(dialog.compileWorkersBox()->value(), 0);
        QCOMPARE(dialog.compileWorkersBox()->text(), QString("Automatic"));
        // The rule, with what it means on this machine for one GPU.
        const QString tip = dialog.compileWorkersBox()->toolTip();
        const int here =
            defaultCompileWorkers(1, unsigned(std::max(1, QThread::idealThreadCount())));
        QVERIFY2(tip.contains("8 per GPU, at least 16, at most one per core: " +
                              QString::number(here) + " here"),
                 qPrintable(tip));
        QCOMPARE(dialog.measurement()->warmupRunsBox()->value(), 1);
        QCOMPARE(dialog.measurement()->maxSamplesBox()->value(), 200);
        QCOMPARE(dialog.measurement()->targetPercentBox()->value(), 1.0);
        QVERIFY(dialog.measurement()->flushL2Box()->isChecked());
        QCOMPARE(dialog.appearanceBox()->currentText(), QString("System"));
        QVERIFY(dialog.okButton()->isEnabled());
        QVERIFY(dialog.problem().isEmpty());
    }

    void persistsAcrossDialogInstances()
    {
        {
            SettingsDialog dialog(nullptr, twoFakeGpus);
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            typeInto(dialog.compileWorkersBox(), QStringLiteral("3"));
            typeInto(dialog.measurement()->maxSamplesBox(), QStringLiteral("77"));
            typeInto(dialog.measurement()->targetPercentBox(), QStringLiteral("2.5"));
            QTest::mouseClick(dialog.measurement()->flushL2Box(), Qt::LeftButton);
            QSignalSpy saved(&dialog, &SettingsDialog::settingsSaved);
            QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
            QCOMPARE(saved.count(), 1);
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
        }
        const AppSettings settings;
        QCOMPARE(settings.compileWorkers(), 3);
        QCOMPARE(settings.measurement().maxSamples, 77);
        QCOMPARE(settings.measurement().targetRelativeHalfWidth, 0.025);
        QVERIFY(settings.measurement().warmCache);
        QVERIFY(QFileInfo::exists(settings.settings().fileName()));
        QVERIFY(settings.settings().fileName().startsWith(m_dir.path()));

        SettingsDialog again(nullptr, twoFakeGpus);
        QCOMPARE(again.compileWorkersBox()->value(), 3);
        QCOMPARE(again.measurement()->maxSamplesBox()->value(), 77);
        QCOMPARE(again.measurement()->targetPercentBox()->value(), 2.5);
        QVERIFY(!again.measurement()->flushL2Box()->isChecked());
    }

    void cancelAndRestoreDefaultsSaveNothing()
    {
        AppSettings().setCompileWorkers(5);
        {
            SettingsDialog dialog(nullptr, twoFakeGpus);
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            QCOMPARE(dialog.compileWorkersBox()->value(), 5);
            typeInto(dialog.compileWorkersBox(), QStringLiteral("9"));
            QTest::keyClick(&dialog, Qt::Key_Escape);
            QCOMPARE(dialog.result(), int(QDialog::Rejected));
        }
        QCOMPARE(AppSettings().compileWorkers(), 5);

        SettingsDialog dialog(nullptr, twoFakeGpus);
        typeInto(dialog.measurement()->warmupRunsBox(), QStringLiteral("12"));
        QTest::mouseClick(dialog.restoreDefaultsButton(), Qt::LeftButton);
        QCOMPARE(dialog.compileWorkersBox()->value(), 0);
        QCOMPARE(dialog.compileWorkersBox()->text(), QString("Automatic"));
        QCOMPARE(dialog.measurement()->warmupRunsBox()->value(), 1);
        QCOMPARE(AppSettings().compileWorkers(), 5); // not before OK
    }

    void refusesInvalidValues()
    {
        SettingsDialog dialog(nullptr, twoFakeGpus);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        MeasurementForm *form = dialog.measurement();
        typeInto(form->minSamplesBox(), QStringLiteral("300")); // more than max (200)
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.problem().contains("Minimum samples (300)"), qPrintable(dialog.problem()));
        // Neither Enter (the disabled default button) nor accept() itself takes it.
        QTest::keyClick(form->minSamplesBox(), Qt::Key_Return);
        QVERIFY(dialog.isVisible());
        dialog.accept();
        QVERIFY(dialog.isVisible());
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QCOMPARE(AppSettings().measurement().minSamples, MeasurementSettings().minSamples);

        typeInto(form->minSamplesBox(), QStringLiteral("10"));
        QVERIFY(dialog.okButton()->isEnabled());
        typeInto(form->timeoutBox(), QString()); // an empty number is no number
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.problem().startsWith("Timeout per config"), qPrintable(dialog.problem()));
        typeInto(form->timeoutBox(), QStringLiteral("5"));
        QVERIFY(dialog.okButton()->isEnabled());
        typeInto(form->minSecondsBox(), QStringLiteral("3")); // more than the 2 s cap
        QVERIFY2(dialog.problem().startsWith("The minimum sampling time"),
                 qPrintable(dialog.problem()));
        typeInto(form->minSecondsBox(), QStringLiteral("0.05"));
        QVERIFY(dialog.okButton()->isEnabled());
        QTest::keyClicks(dialog.compileWorkersBox(), QStringLiteral("abc")); // not accepted
        QCOMPARE(dialog.compileWorkersBox()->value(), 0);
        QCOMPARE(dialog.compileWorkersBox()->text(), QString("Automatic"));
        typeInto(dialog.compileWorkersBox(), QStringLiteral("4"));
        typeInto(dialog.compileWorkersBox(), QStringLiteral("abc"));
        // "a" may begin "Automatic" but is no choice yet; "b" and "c" are refused.
        QCOMPARE(dialog.compileWorkersBox()->text(), QString("a"));
        QCOMPARE(dialog.compileWorkersBox()->value(), 4);
        QVERIFY(!dialog.okButton()->isEnabled());
        QCOMPARE(dialog.problem(),
                 QString("Compile workers: enter a whole number from 0 (automatic) to 256."));
        typeInto(dialog.compileWorkersBox(), QStringLiteral("257"));
        QCOMPARE(dialog.compileWorkersBox()->text(), QString("25")); // the 7 is refused
        typeInto(dialog.compileWorkersBox(), QStringLiteral("4"));
        QVERIFY(dialog.okButton()->isEnabled());
        QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(AppSettings().compileWorkers(), 4);
        QCOMPARE(AppSettings().measurement().minSamples, 10);
        QCOMPARE(AppSettings().measurement().timeoutSeconds, 5.0);
        QCOMPARE(AppSettings().measurement().minSecondsPerConfig, 0.05);
    }

    // Every way a user picks Automatic over a stored count, and what OK then stores: 0.
    void choosingAutomaticAfterANumberStoresZero_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<int>("key"); // pressed after typing; 0: none
        QTest::newRow("the word") << QStringLiteral("Automatic") << 0;
        QTest::newRow("the word, any case") << QStringLiteral("automatic") << 0;
        QTest::newRow("zero") << QStringLiteral("0") << 0;
        QTest::newRow("its beginning, then Tab") << QStringLiteral("auto") << int(Qt::Key_Tab);
        QTest::newRow("arrow down from 1") << QStringLiteral("1") << int(Qt::Key_Down);
    }

    void choosingAutomaticAfterANumberStoresZero()
    {
        QFETCH(QString, typed);
        QFETCH(int, key);
        AppSettings().setCompileWorkers(6);
        QCOMPARE(QSettings().value(QStringLiteral("workers/compile")).toInt(), 6);
        {
            SettingsDialog dialog(nullptr, twoFakeGpus);
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            QSpinBox *box = dialog.compileWorkersBox();
            QCOMPARE(box->value(), 6);
            typeInto(box, typed);
            if (key != 0)
                QTest::keyClick(box, Qt::Key(key));
            QCOMPARE(box->value(), 0);
            QVERIFY2(dialog.okButton()->isEnabled(), qPrintable(dialog.problem()));
            QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
        }
        QCOMPARE(AppSettings().compileWorkers(), 0);
        // Stored as 0, not removed: the choice is explicit.
        QVERIFY(QSettings().contains(QStringLiteral("workers/compile")));
        QCOMPARE(QSettings().value(QStringLiteral("workers/compile")).toInt(), 0);
        SettingsDialog again(nullptr, twoFakeGpus);
        QCOMPARE(again.compileWorkersBox()->text(), QString("Automatic"));
    }

    void enterCompletesTheBeginningOfAutomaticAndAccepts()
    {
        AppSettings().setCompileWorkers(6);
        SettingsDialog dialog(nullptr, twoFakeGpus);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        typeInto(dialog.compileWorkersBox(), QStringLiteral("AUT"));
        QVERIFY(!dialog.okButton()->isEnabled()); // a word in progress is no choice yet
        QCOMPARE(dialog.compileWorkersBox()->value(), 6);
        QTest::keyClick(dialog.compileWorkersBox(), Qt::Key_Return);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.compileWorkersBox()->text(), QString("Automatic"));
        QCOMPARE(AppSettings().compileWorkers(), 0);
    }

    void handEditedValuesOutOfRangeReadAsDefaults()
    {
        {
            QSettings raw;
            raw.setValue(QStringLiteral("workers/compile"), -4);
            raw.setValue(QStringLiteral("measurement/min_samples"), 50);
            raw.setValue(QStringLiteral("measurement/max_samples"), 10);
            raw.setValue(QStringLiteral("appearance/scheme"), QStringLiteral("purple"));
        }
        const AppSettings settings;
        QCOMPARE(settings.compileWorkers(), 0);
        QSettings().setValue(QStringLiteral("workers/compile"), AppSettings::kMaxWorkers + 1);
        QCOMPARE(AppSettings().compileWorkers(), 0);
        QSettings().setValue(QStringLiteral("workers/compile"), AppSettings::kMaxWorkers);
        QCOMPARE(AppSettings().compileWorkers(), AppSettings::kMaxWorkers);
        QCOMPARE(settings.measurement().minSamples, MeasurementSettings().minSamples);
        QCOMPARE(settings.measurement().maxSamples, MeasurementSettings().maxSamples);
        QCOMPARE(settings.appearance(), Appearance::System);
    }

    void checkboxesChooseTheGpus()
    {
        {
            SettingsDialog dialog(nullptr, twoFakeGpus);
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            QVERIFY(waitForProbe(dialog));
            QListWidget *list = dialog.devices()->list();
            QCOMPARE(list->count(), 2);
            QVERIFY(list->isEnabled());
            QVERIFY(list->item(0)->text().contains("Test GPU"));
            QCOMPARE(list->item(0)->checkState(), Qt::Checked);
            QCOMPARE(list->item(1)->checkState(), Qt::Checked);
            dialog.tabs()->setCurrentWidget(dialog.devices());
            list->setFocus();
            list->setCurrentRow(1);
            QTest::keyClick(list, Qt::Key_Space);
            QCOMPARE(list->item(1)->checkState(), Qt::Unchecked);
            QCOMPARE(dialog.devices()->selection(), std::optional<QStringList>(QStringList{"0"}));
            list->setCurrentRow(0);
            QTest::keyClick(list, Qt::Key_Space); // none left: refused
            QVERIFY(!dialog.okButton()->isEnabled());
            QVERIFY(dialog.problem().contains("at least one GPU"));
            QTest::keyClick(list, Qt::Key_Space);
            QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
        }
        QCOMPARE(AppSettings().enabledGpus(), std::optional<QStringList>(QStringList{"0"}));
        SettingsDialog again(nullptr, twoFakeGpus);
        QVERIFY(waitForProbe(again));
        QCOMPARE(again.devices()->list()->item(0)->checkState(), Qt::Checked);
        QCOMPARE(again.devices()->list()->item(1)->checkState(), Qt::Unchecked);
    }

    void showsTheRealProbesAnswer()
    {
        const CudaEnvironment real = probeCudaEnvironment();
        SettingsDialog dialog; // the engine's own probe, off the GUI thread
        QVERIFY(waitForProbe(dialog));
        const QString status = dialog.devices()->status()->text();
        if (!real.driverFound) {
            QVERIFY2(status.contains("no CUDA driver found", Qt::CaseInsensitive),
                     qPrintable(status));
            QCOMPARE(dialog.devices()->list()->count(), 0);
            QVERIFY(!dialog.devices()->list()->isEnabled());
            QVERIFY(dialog.okButton()->isEnabled()); // no GPU is no reason to refuse
        } else {
            QCOMPARE(dialog.devices()->list()->count(), int(real.gpus.size()));
        }
    }

    void darkAppearanceAppliesAtOnceAndPersists()
    {
        {
            SettingsDialog dialog(nullptr, twoFakeGpus);
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            QComboBox *scheme = dialog.appearanceBox();
            scheme->setFocus();
            QTest::keyClick(scheme, Qt::Key_Down); // Light
            QTest::keyClick(scheme, Qt::Key_Down); // Dark
            QCOMPARE(scheme->currentText(), QString("Dark"));
            // Applied before OK: the whole application, this dialog included.
            QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
            // Open windows repaint through the running event loop (none in a test); a widget
            // made now starts dark.
            QWidget fresh;
            QVERIFY(fresh.palette().color(QPalette::Base).lightness() < 80);
            QCOMPARE(QApplication::style()->name().toLower(), QString("fusion"));
            QCOMPARE(QApplication::palette().color(QPalette::Window),
                     darkPalette().color(QPalette::Window));
            QTest::keyClick(&dialog, Qt::Key_Escape); // Cancel puts the old scheme back
        }
        QCOMPARE(QApplication::palette().color(QPalette::Window),
                 m_platformPalette.color(QPalette::Window));
        QCOMPARE(currentAppearance(), Appearance::System);
        QCOMPARE(AppSettings().appearance(), Appearance::System);
        {
            SettingsDialog dialog(nullptr, twoFakeGpus);
            dialog.appearanceBox()->setCurrentIndex(2);
            QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        }
        QCOMPARE(AppSettings().appearance(), Appearance::Dark);
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
        {
            SettingsDialog dialog(nullptr, twoFakeGpus);
            QCOMPARE(dialog.appearanceBox()->currentText(), QString("Dark"));
            dialog.appearanceBox()->setCurrentIndex(0); // System: the platform's again
            QTest::mouseClick(dialog.okButton(), Qt::LeftButton);
        }
        QCOMPARE(QApplication::palette().color(QPalette::Window),
                 m_platformPalette.color(QPalette::Window));
        QCOMPARE(QApplication::palette().color(QPalette::Base),
                 m_platformPalette.color(QPalette::Base));
        QCOMPARE(QApplication::style()->name(), m_platformStyle);
        QCOMPARE(AppSettings().appearance(), Appearance::System);
    }
};

QTEST_MAIN(TestSettingsDialog)
#include "tst_settingsdialog.moc"
