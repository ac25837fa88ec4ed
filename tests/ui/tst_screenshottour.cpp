// tunebench-screenshots' tour through the pages, after a real run of a small matmul: every
// page is saved as a PNG of the window's size, each page was shown when grabbed, the Results
// page holds the best results selected and Compare compares exactly those.
#include "compare/compareview.h"
#include "mainwindow.h"
#include "models/resultsmodel.h"
#include "pages/runform.h"
#include "pages/runpage.h"
#include "results/resultspage.h"
#include "screenshottour.h"
#include "smallmatmulspec.h"
#include "testpaths.h"

#include <QComboBox>
#include <QDir>
#include <QImage>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <set>

using namespace tb;

namespace {

// Distinct colours in a grid of samples: a blank or single-colour grab has one or two.
int distinctColours(const QImage &image)
{
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

} // namespace

class TestScreenshotTour : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("TUNEBENCH_WORKER", tbtest::workerPath().toLocal8Bit());
    }

    void savesEveryPageAfterARun()
    {
        QTemporaryDir dir;
        const QString spec = tbtest::writeSmallMatmulSpec(dir.path());
        QVERIFY(!spec.isEmpty());
        MainWindow window;
        window.resize(1100, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setSpecPath(spec);
        window.runPage()->form()->setWorkspacePath(dir.filePath("small.tbw"));
        QSignalSpy finished(window.runPage(), &RunPage::runFinished);
        window.runPage()->startRun();
        QVERIFY(finished.wait(90000));

        const QString out = dir.filePath("shots");
        ScreenshotTour tour(&window, out);
        QSignalSpy toured(&tour, &ScreenshotTour::finished);
        QStringList pagesShown;
        connect(window.pages(), &QTabWidget::currentChanged, this,
                [&](int index) { pagesShown.append(window.pages()->widget(index)->objectName()); });
        tour.start();
        QVERIFY(toured.wait(150000));
        QVERIFY2(toured.at(0).at(0).toBool(), qPrintable(tour.failures().join("; ")));

        QStringList expected;
        for (const QString &name : ScreenshotTour::shotNames())
            expected.append(QDir(out).filePath(name + ".png"));
        QCOMPARE(tour.savedFiles(), expected);
        for (const QString &path : expected) {
            const QImage image(path);
            QVERIFY2(!image.isNull(), qPrintable(path));
            QVERIFY2(distinctColours(image) > 8, qPrintable(path));
            if (!path.endsWith("preferences.png"))
                QCOMPARE(image.size(), window.grab().size());
        }
        QVERIFY(pagesShown.contains(QStringLiteral("resultsPage")));
        QVERIFY(pagesShown.contains(QStringLiteral("comparePage")));

        // The best results are selected (fastest first) and compared.
        const QVector<ResultEvent> selected = window.resultsPage()->selectedResults();
        QCOMPARE(selected.size(), ScreenshotTour::kCompared);
        QVERIFY(std::is_sorted(selected.cbegin(), selected.cend(),
                               [](const ResultEvent &a, const ResultEvent &b) {
                                   return a.result.summary.median < b.result.summary.median;
                               }));
        const ResultsModel *model = window.runPage()->resultsModel();
        for (int row = 0; row < model->rowCount(); ++row) {
            const ResultEvent &event = model->resultAt(row);
            if (event.result.status == ResultStatus::Ok)
                QVERIFY(event.result.summary.median >= selected.front().result.summary.median);
        }
        QCOMPARE(window.compareView()->baselineCombo()->count(), ScreenshotTour::kCompared);
    }
};

QTEST_MAIN(TestScreenshotTour)
#include "tst_screenshottour.moc"
