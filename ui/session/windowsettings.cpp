#include "windowsettings.h"

#include <QMainWindow>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>

namespace tb {

namespace {
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kPage = QStringLiteral("window/page");
const QString kSplitters = QStringLiteral("window/splitters");
} // namespace

void WindowSettings::save(const QMainWindow *window, const QTabWidget *pages)
{
    QSettings settings;
    settings.setValue(kGeometry, window->saveGeometry());
    settings.setValue(kState, window->saveState());
    if (const QWidget *page = pages->currentWidget())
        settings.setValue(kPage, page->objectName());
    settings.beginGroup(kSplitters);
    for (const QSplitter *splitter : pages->findChildren<QSplitter *>())
        if (!splitter->objectName().isEmpty())
            settings.setValue(splitter->objectName(), splitter->saveState());
    settings.endGroup();
}

QString WindowSettings::restore(QMainWindow *window)
{
    QSettings settings;
    window->restoreGeometry(settings.value(kGeometry).toByteArray());
    window->restoreState(settings.value(kState).toByteArray());
    return settings.value(kPage).toString();
}

void WindowSettings::restoreSplitters(QWidget *root)
{
    QSettings settings;
    settings.beginGroup(kSplitters);
    for (QSplitter *splitter : root->findChildren<QSplitter *>()) {
        const QString name = splitter->objectName();
        if (!name.isEmpty() && settings.contains(name))
            splitter->restoreState(settings.value(name).toByteArray());
    }
}

} // namespace tb
