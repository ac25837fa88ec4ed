// Preferences > Workers' launcher (issue 22): the values saved and read back through
// AppSettings, what a hand-edited file falls back to, the dialog's validation (an empty host
// list, an open quote), the allocation note, and the engine's launcher policy reached with the
// workbench's words (no allocation, a CUDA spec). "Ask Slurm for an allocation (salloc)": its
// partition, account and time limit saved and validated, and the policy asking for it.
#include "cluster/launcherchoice.h"
#include "settings/appsettings.h"
#include "settings/launcherform.h"
#include "settings/settingsdialog.h"
#include "settingssupport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

void chooseLauncher(LauncherForm *form, LauncherKind kind)
{
    form->launcherBox()->setCurrentIndex(form->launcherBox()->findData(int(kind)));
}

} // namespace

class TestWorkersSettings : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_settingsDir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_settingsDir.isValid());
        tbtest::keepSettingsIn(m_settingsDir.path(), QStringLiteral("tst_workerssettings"));
    }

    void init()
    {
        QSettings().clear();
        qunsetenv("SLURM_JOB_ID");
    }

    void defaultIsLocal()
    {
        const AppSettings settings;
        QCOMPARE(settings.launcherPreference(), LauncherPreference());
        QCOMPARE(settings.launcherPreference().kind, LauncherKind::Local);
    }

    void roundTripThroughTheStore()
    {
        LauncherPreference slurm;
        slurm.kind = LauncherKind::Srun;
        slurm.srunTasks = 3;
        slurm.srunArguments = QStringLiteral("--partition=cpu --comment=\"two words\"");
        slurm.sshHosts = {QStringLiteral("kept")};
        {
            AppSettings settings;
            settings.setLauncherPreference(slurm);
            settings.sync();
        }
        QCOMPARE(AppSettings().launcherPreference(), slurm);
        // The free text becomes argv words, quotes grouping: never a shell string.
        QCOMPARE(srunArgumentWords(slurm.srunArguments),
                 QStringList({"--partition=cpu", "--comment=two words"}));

        LauncherPreference ssh;
        ssh.kind = LauncherKind::Ssh;
        ssh.sshHosts = {QStringLiteral("node1")}; // INI stores one element as a plain string
        AppSettings().setLauncherPreference(ssh);
        QCOMPARE(AppSettings().launcherPreference(), ssh);

        AppSettings().restoreDefaults();
        QCOMPARE(AppSettings().launcherPreference(), LauncherPreference());
    }

    void handEditedValuesFallBackToLocal()
    {
        QSettings().setValue("workers/launcher", "slurm-ish");
        QCOMPARE(AppSettings().launcherPreference().kind, LauncherKind::Local);
        QSettings().setValue("workers/launcher", "srun");
        QSettings().setValue("workers/srun_tasks", 100000);
        QCOMPARE(AppSettings().launcherPreference(), LauncherPreference());
        QSettings().setValue("workers/launcher", "ssh");
        QSettings().remove("workers/ssh_hosts");
        QCOMPARE(AppSettings().launcherPreference(), LauncherPreference()); // ssh without hosts
    }

    void dialogSavesTheWorkersSection()
    {
        SettingsDialog dialog(nullptr, tbtest::twoFakeGpus);
        LauncherForm *form = dialog.launcher();
        QVERIFY(form);
        QCOMPARE(form->value().kind, LauncherKind::Local);
        QVERIFY(!form->srunTasksBox()->isEnabled());
        QVERIFY(!form->sshHostsEdit()->isEnabled());
        QVERIFY(!form->launcherBox()->toolTip().isEmpty());
        QVERIFY(!form->srunArgumentsEdit()->toolTip().isEmpty());

        chooseLauncher(form, LauncherKind::Ssh);
        QVERIFY(form->sshHostsEdit()->isEnabled());
        // No host: OK is disabled and the dialog says why.
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.problem().contains("ssh needs at least one host"),
                 qPrintable(dialog.problem()));
        QTest::keyClicks(form->sshHostsEdit(), "node1, node2 node3");
        QVERIFY(dialog.okButton()->isEnabled());
        QVERIFY(dialog.problem().isEmpty());
        dialog.accept();
        QCOMPARE(AppSettings().launcherPreference().sshHosts,
                 QStringList({"node1", "node2", "node3"}));
        QCOMPARE(AppSettings().launcherPreference().kind, LauncherKind::Ssh);
    }

    void slurmFieldsAndTheAllocationNote()
    {
        SettingsDialog dialog(nullptr, tbtest::twoFakeGpus);
        dialog.show();
        LauncherForm *form = dialog.launcher();
        dialog.tabs()->setCurrentIndex(0);
        chooseLauncher(form, LauncherKind::Srun);
        QVERIFY(form->srunTasksBox()->isEnabled());
        QVERIFY(!form->sshHostsEdit()->isEnabled());
        // Outside an allocation the note says how to start inside one.
        QVERIFY(form->allocationNote()->isVisible());
        QVERIFY(form->allocationNote()->text().contains("salloc"));
        form->srunTasksBox()->setValue(2);
        QTest::keyClicks(form->srunArgumentsEdit(), "--partition=\"cpu");
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.problem().contains("unclosed quote"), qPrintable(dialog.problem()));
        QTest::keyClicks(form->srunArgumentsEdit(), "\" --time=1:00:00");
        QVERIFY(dialog.okButton()->isEnabled());
        dialog.accept();
        const LauncherPreference saved = AppSettings().launcherPreference();
        QCOMPARE(saved.kind, LauncherKind::Srun);
        QCOMPARE(saved.srunTasks, 2);
        QCOMPARE(srunArgumentWords(saved.srunArguments),
                 QStringList({"--partition=cpu", "--time=1:00:00"}));

        // Inside one, no note; Restore Defaults puts Local back.
        qputenv("SLURM_JOB_ID", "77");
        SettingsDialog inside(nullptr, tbtest::twoFakeGpus);
        inside.show();
        QCOMPARE(inside.launcher()->value().kind, LauncherKind::Srun);
        QVERIFY(!inside.launcher()->allocationNote()->isVisible());
        inside.restoreDefaults();
        QCOMPARE(inside.launcher()->value().kind, LauncherKind::Local);
    }

    // The engine's policy, reached with the workbench's words: the CLI's rules, the
    // Preferences named.
    void policyRefusesWithTheWorkbenchsWords()
    {
        LauncherPreference slurm;
        slurm.kind = LauncherKind::Srun;
        slurm.srunTasks = 2;
        LauncherRequest request = launcherRequest(slurm);
        request.srunProgram = "/bin/true"; // on this machine, srun or not
        Spec cpu;
        cpu.backend = BackendKind::Cpu;
        LauncherChoice choice = chooseLaunchers(request, cpu);
        QVERIFY2(choice.error.find("Preferences > Workers: srun: not inside a Slurm "
                                   "allocation") != std::string::npos,
                 choice.error.c_str());
        QVERIFY2(choice.error.find("salloc --nodes=1 --ntasks=2 tunebench`") != std::string::npos,
                 choice.error.c_str());

        qputenv("SLURM_JOB_ID", "77");
        choice = chooseLaunchers(request, cpu);
        QVERIFY2(choice.error.empty(), choice.error.c_str());
        QCOMPARE(choice.benchLaunchers.size(), std::size_t(2));
        QCOMPARE(locationName(choice.benchLaunchers, 1), std::string("srun task 2"));

        Spec cuda;
        cuda.backend = BackendKind::Cuda;
        choice = chooseLaunchers(request, cuda); // a GPU per task, as the CLI's
        QVERIFY2(choice.error.empty(), choice.error.c_str());
        QCOMPARE(choice.benchLaunchers.size(), std::size_t(2));
        QVERIFY(choice.benchLaunchers.front().gpuPerTask &&
                choice.benchLaunchers.back().gpuPerTask);

        request.srunProgram = "/nonexistent/srun";
        choice = chooseLaunchers(request, cpu);
        QVERIFY2(choice.error.find("is not on PATH") != std::string::npos &&
                     choice.error.find("the Local launcher") != std::string::npos,
                 choice.error.c_str());

        LauncherPreference local;
        choice = chooseLaunchers(launcherRequest(local), cuda);
        QVERIFY(choice.error.empty() && choice.benchLaunchers.empty());
    }

    void sallocSettingsRoundTrip()
    {
        LauncherPreference slurm;
        slurm.kind = LauncherKind::Srun;
        slurm.srunTasks = 2;
        slurm.askForAllocation = true;
        slurm.slurmPartition = QStringLiteral("ci");
        slurm.slurmAccount = QStringLiteral("lab");
        slurm.slurmTimeLimit = QStringLiteral("2:00:00");
        AppSettings().setLauncherPreference(slurm);
        QCOMPARE(AppSettings().launcherPreference(), slurm);
        // Settings kept while the request is off: turning it on again finds them.
        slurm.askForAllocation = false;
        AppSettings().setLauncherPreference(slurm);
        QCOMPARE(AppSettings().launcherPreference(), slurm);
        // A hand-edited time limit Slurm cannot take: the launcher falls back to Local.
        QSettings().setValue("workers/salloc", true);
        QSettings().setValue("workers/slurm_time", "2h");
        QCOMPARE(AppSettings().launcherPreference(), LauncherPreference());
        AppSettings().restoreDefaults();
        QVERIFY(!QSettings().contains("workers/salloc"));
        QVERIFY(!QSettings().contains("workers/slurm_partition"));
        QVERIFY(!QSettings().contains("workers/slurm_time"));
    }

    void dialogAsksForAnAllocation()
    {
        SettingsDialog dialog(nullptr, tbtest::twoFakeGpus);
        dialog.show();
        LauncherForm *form = dialog.launcher();
        QVERIFY(!form->sallocBox()->isEnabled()); // Local
        chooseLauncher(form, LauncherKind::Srun);
        QVERIFY(form->sallocBox()->isEnabled());
        QVERIFY(!form->partitionEdit()->isEnabled()); // until asked for
        QVERIFY(form->allocationNote()->isVisible());
        QVERIFY(form->allocationNote()->text().contains("Ask Slurm for an allocation"));
        form->sallocBox()->setChecked(true);
        QVERIFY(form->partitionEdit()->isEnabled() && form->accountEdit()->isEnabled() &&
                form->timeLimitEdit()->isEnabled());
        QVERIFY(!form->allocationNote()->isVisible()); // nothing to warn of: it asks
        QVERIFY(!form->sallocBox()->toolTip().isEmpty());
        QTest::keyClicks(form->partitionEdit(), "ci");
        QTest::keyClicks(form->timeLimitEdit(), "2h");
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.problem().contains("the Slurm time limit (Preferences > Workers) '2h': "
                                           "not a Slurm time limit"),
                 qPrintable(dialog.problem()));
        form->timeLimitEdit()->setText(QStringLiteral("1-12:00:00"));
        QVERIFY(dialog.okButton()->isEnabled());
        dialog.accept();
        const LauncherPreference saved = AppSettings().launcherPreference();
        QVERIFY(saved.askForAllocation);
        QCOMPARE(saved.slurmPartition, QStringLiteral("ci"));
        QCOMPARE(saved.slurmAccount, QString());
        QCOMPARE(saved.slurmTimeLimit, QStringLiteral("1-12:00:00"));
    }

    // The workbench's request reaches the CLI's policy: outside an allocation the run asks
    // for one with the saved settings; inside one that one is used.
    void policyAsksForTheAllocation()
    {
        LauncherPreference slurm;
        slurm.kind = LauncherKind::Srun;
        slurm.srunTasks = 2;
        slurm.slurmPartition = QStringLiteral("ci");
        LauncherRequest request = launcherRequest(slurm);
        QVERIFY(!request.askForAllocation);
        QVERIFY(request.allocation.partition.empty()); // not asked for: not passed
        request.srunProgram = "/bin/true";
        Spec cpu;
        cpu.backend = BackendKind::Cpu;
        LauncherChoice choice = chooseLaunchers(request, cpu);
        QVERIFY2(choice.error.find("or turn on \"Ask Slurm for an allocation (salloc)\" in "
                                   "Preferences > Workers") != std::string::npos,
                 choice.error.c_str());

        slurm.askForAllocation = true;
        request = launcherRequest(slurm);
        request.srunProgram = "/bin/true";
        request.allocation.sallocProgram = "/bin/true"; // on this machine, Slurm or not
        request.allocation.scancelProgram = "/bin/true";
        choice = chooseLaunchers(request, cpu);
        QVERIFY2(choice.error.empty(), choice.error.c_str());
        QVERIFY(choice.allocation.has_value());
        QCOMPARE(choice.allocation->partition, std::string("ci"));
        QCOMPARE(choice.allocation->tasks, 2);
        QCOMPARE(choice.allocation->wording.partition,
                 std::string("the Slurm partition (Preferences > Workers)"));

        qputenv("SLURM_JOB_ID", "77");
        choice = chooseLaunchers(request, cpu);
        QVERIFY(!choice.allocation.has_value());
        QVERIFY2(choice.announcement.find("\"Ask Slurm for an allocation\" (Preferences > "
                                          "Workers) is not needed inside one") != std::string::npos,
                 choice.announcement.c_str());
    }
};

QTEST_MAIN(TestWorkersSettings)
#include "tst_workerssettings.moc"
