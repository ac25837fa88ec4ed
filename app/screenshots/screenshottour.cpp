#include "screenshottour.h"

#include "kernel/codeview.h"
#include "kernel/configpicker.h"
#include "kernel/kernelpage.h"
#include "mainwindow.h"
#include "models/resultsmodel.h"
#include "pages/runpage.h"
#include "pages/specpages.h"
#include "results/energyview.h"
#include "results/importanceview.h"
#include "results/resultsfilterproxy.h"
#include "results/resultspage.h"
#include "results/rooflineview.h"
#include "settings/measurementform.h"
#include "settings/settingsdialog.h"
#include "space/spacepage.h"

#include <QDir>
#include <QImage>
#include <QItemSelectionModel>
#include <QPixmap>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>

namespace tb {

ScreenshotTour::ScreenshotTour(MainWindow *window, const QString &directory, QObject *parent)
    : QObject(parent), m_window(window), m_directory(directory)
{}

QStringList ScreenshotTour::shotNames()
{
    return {QStringLiteral("workbench"),  QStringLiteral("results"),  QStringLiteral("compare"),
            QStringLiteral("space"),      QStringLiteral("kernel"),   QStringLiteral("code"),
            QStringLiteral("importance"), QStringLiteral("roofline"), QStringLiteral("energy"),
            QStringLiteral("preferences")};
}

void ScreenshotTour::start()
{
    m_step = 0;
    m_saved.clear();
    m_failures.clear();
    if (!QDir().mkpath(m_directory)) {
        m_failures.append(tr("cannot create %1").arg(m_directory));
        emit finished(false);
        return;
    }
    next();
}

// Stage a page, let it settle (plots redraw on ~100 ms timers and when shown), grab it, go on.
void ScreenshotTour::next()
{
    const QStringList names = shotNames();
    if (m_step >= names.size()) {
        emit finished(m_failures.isEmpty());
        return;
    }
    const int step = m_step++;
    stage(step, [this, name = names.at(step)](QWidget *shown) {
        QTimer::singleShot(kSettleMs, this, [this, name, shown] {
            capture(shown, name);
            next();
        });
    });
}

void ScreenshotTour::stage(int step, const Ready &ready)
{
    switch (step) {
    case 0:
        ready(showPage(m_window->runPage()));
        break;
    case 1:
        stageResults(ready);
        break;
    case 2:
        m_window->compareSelected(); // the rows stageResults selected
        ready(m_window);
        break;
    case 3:
        ready(showPage(m_window->specPages()->spacePage()));
        break;
    case 4:
        stageKernel(ready);
        break;
    case 5: // the configuration stageKernel compiled, as built
        m_window->specPages()->kernelPage()->resultTabs()->setCurrentWidget(
            m_window->specPages()->kernelPage()->codeView());
        ready(m_window);
        break;
    case 6:
        ready(showResultsTab(m_window->resultsPage()->importanceView()));
        break;
    case 7:
        ready(showResultsTab(m_window->resultsPage()->rooflineView()));
        break;
    case 8:
        ready(showResultsTab(m_window->resultsPage()->energyView()));
        break;
    default:
        stagePreferences(ready);
        break;
    }
}

QWidget *ScreenshotTour::showPage(QWidget *page)
{
    m_window->pages()->setCurrentWidget(page);
    return m_window;
}

// A tab under the Results page's table; the selection stageResults made stays.
QWidget *ScreenshotTour::showResultsTab(QWidget *tab)
{
    showPage(m_window->resultsPage());
    m_window->resultsPage()->plotTabs()->setCurrentWidget(tab);
    return m_window;
}

// The fastest configurations first, the best kCompared of them selected (details show the best).
void ScreenshotTour::stageResults(const Ready &ready)
{
    ResultsPage *page = m_window->resultsPage();
    showPage(page);
    const int median = m_window->runPage()->resultsModel()->column(ResultsModel::Median);
    page->view()->sortByColumn(median, Qt::AscendingOrder);
    QItemSelectionModel *selection = page->view()->selectionModel();
    selection->clearSelection();
    const int rows = std::min(kCompared, page->proxy()->rowCount());
    for (int row = rows - 1; row >= 0; --row)
        selection->setCurrentIndex(page->proxy()->index(row, 0),
                                   QItemSelectionModel::Select | QItemSelectionModel::Rows);
    ready(m_window);
}

// Compiles the best configuration, so the page shows its resource usage and compiler output.
void ScreenshotTour::stageKernel(const Ready &ready)
{
    KernelPage *page = m_window->specPages()->kernelPage();
    showPage(page);
    const QVector<ResultEvent> best = m_window->resultsPage()->selectedResults();
    if (!best.isEmpty())
        page->configPicker()->setConfiguration(best.front().config);
    auto *timeout = new QTimer(this);
    timeout->setSingleShot(true);
    auto done = std::make_shared<bool>(false);
    auto finish = [this, ready, timeout, done] {
        if (std::exchange(*done, true))
            return;
        timeout->deleteLater();
        ready(m_window);
    };
    connect(page, &KernelPage::compileFinished, timeout, finish);
    connect(timeout, &QTimer::timeout, this, [this, finish] {
        m_failures.append(tr("the kernel page's compile did not finish"));
        finish();
    });
    if (!page->compileConfig()) {
        finish();
        return;
    }
    timeout->start(kCompileTimeoutMs);
}

void ScreenshotTour::stagePreferences(const Ready &ready)
{
    auto *dialog = new SettingsDialog(m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->tabs()->setCurrentWidget(dialog->measurement()); // the most telling page
    dialog->show();
    ready(dialog);
    QTimer::singleShot(2 * kSettleMs, dialog, &QDialog::reject); // after the grab
}

void ScreenshotTour::capture(QWidget *widget, const QString &name)
{
    const QString path = QDir(m_directory).filePath(name + QStringLiteral(".png"));
    if (widget->grab().toImage().save(path, "PNG"))
        m_saved.append(path);
    else
        m_failures.append(tr("cannot save %1").arg(path));
}

} // namespace tb
