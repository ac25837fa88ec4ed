#pragma once

// What the settings suites share: preferences kept out of the user's own, a Preferences dialog
// that sees two fake GPUs, and typing into its spin boxes the way a user does.
#include "settings/deviceselector.h"
#include "settings/settingsdialog.h"

#include <QAbstractSpinBox>
#include <QCoreApplication>
#include <QSettings>
#include <QSignalSpy>
#include <QString>
#include <QTest>

namespace tbtest {

// Never the user's real preferences: every QSettings() of this process lives in `dir`, under
// the organization TunebenchTest and the application name `application`.
inline void keepSettingsIn(const QString &dir, const QString &application)
{
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir);
    QCoreApplication::setOrganizationName(QStringLiteral("TunebenchTest"));
    QCoreApplication::setApplicationName(application);
}

// The CUDA environment of a machine with two GPUs, "0" and "1": a SettingsDialog's probe.
inline tb::CudaEnvironment twoFakeGpus()
{
    tb::CudaEnvironment environment;
    environment.driverFound = true;
    environment.gpus = {"0", "1"};
    environment.arch = "sm_90";
    environment.deviceName = "Test GPU (sm_90, 132 SMs)";
    return environment;
}

// Replaces a spin box's text the way a user does: select all, type.
inline void typeInto(QAbstractSpinBox *box, const QString &text)
{
    box->setFocus();
    box->selectAll();
    if (text.isEmpty())
        QTest::keyClick(box, Qt::Key_Backspace);
    else
        QTest::keyClicks(box, text);
}

// The dialog probes the GPUs off the GUI thread: waits (up to 10 s) for its answer.
inline bool waitForProbe(tb::SettingsDialog &dialog)
{
    if (!dialog.devices()->isProbing())
        return true;
    QSignalSpy probed(dialog.devices(), &tb::DeviceSelector::probed);
    return probed.wait(10000);
}

} // namespace tbtest
