// Preferences > Workers' "Build where measured (on the nodes)" (issue 22): saved and read
// back, offered only for a launcher that starts workers elsewhere, and reaching the engine's
// launcher policy as the CLI's --compile-on nodes does.
#include "cluster/launcherchoice.h"
#include "session/workerlaunch.h"
#include "settings/appsettings.h"
#include "settings/launcherform.h"
#include "settings/settingsdialog.h"
#include "settingssupport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

class TestBuildWhereMeasured : public QObject
{
    Q_OBJECT
    QTemporaryDir m_settingsDir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_settingsDir.isValid());
        tbtest::keepSettingsIn(m_settingsDir.path(), QStringLiteral("tst_buildwheremeasured"));
    }

    void init() { QSettings().clear(); }

    void savedAndReadBack()
    {
        QVERIFY(!AppSettings().launcherPreference().buildWhereMeasured); // off by default
        LauncherPreference ssh;
        ssh.kind = LauncherKind::Ssh;
        ssh.sshHosts = {QStringLiteral("gpu1"), QStringLiteral("gpu2")};
        ssh.buildWhereMeasured = true;
        AppSettings().setLauncherPreference(ssh);
        QCOMPARE(AppSettings().launcherPreference(), ssh);
        AppSettings().restoreDefaults();
        QVERIFY(!QSettings().contains("workers/build_on_nodes"));
    }

    void offeredOnlyForLaunchedWorkers()
    {
        SettingsDialog dialog(nullptr, tbtest::twoFakeGpus);
        dialog.show();
        LauncherForm *form = dialog.launcher();
        QVERIFY(!form->buildOnNodesBox()->isEnabled()); // Local: everything is here anyway
        form->launcherBox()->setCurrentIndex(form->launcherBox()->findData(int(LauncherKind::Ssh)));
        QVERIFY(form->buildOnNodesBox()->isEnabled());
        QVERIFY(!form->buildOnNodesBox()->toolTip().isEmpty());
        form->buildOnNodesBox()->setChecked(true);
        QVERIFY(form->value().buildWhereMeasured);
    }

    // The policy the CLI's --compile-on nodes reaches: the run builds where it measures. A
    // Local launcher with the box left on (from an earlier choice) asks for nothing.
    void reachesTheEnginesPolicy()
    {
        LauncherPreference ssh;
        ssh.kind = LauncherKind::Ssh;
        ssh.sshHosts = {QStringLiteral("gpu1")};
        ssh.buildWhereMeasured = true;
        LauncherRequest request = launcherRequest(ssh);
        QVERIFY(request.compileWhereMeasured);
        request.sshProgram = "/bin/true";
        Spec cuda;
        cuda.backend = BackendKind::Cuda;
        const LauncherChoice choice = chooseLaunchers(request, cuda);
        QVERIFY2(choice.error.empty(), choice.error.c_str());
        QVERIFY(choice.compileWhereMeasured);

        LauncherPreference local;
        local.buildWhereMeasured = true;
        QVERIFY(!launcherRequest(local).compileWhereMeasured);
        QVERIFY(chooseLaunchers(launcherRequest(local), cuda).error.empty());
    }
};

QTEST_MAIN(TestBuildWhereMeasured)
#include "tst_buildwheremeasured.moc"
