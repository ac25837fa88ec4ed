#pragma once

// Results for the Results page tests: a spec outline with two parameters and 12 results on
// two sizes (one configuration fails to verify), and the suites' base: a page over a feed
// holding them.
#include "models/devicemodellist.h"
#include "models/resultsfeed.h"
#include "models/resultsmodel.h"
#include "results/resultspage.h"
#include "session/specoutline.h"

#include <QObject>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>

namespace tbtest {

inline tb::SpecOutline outline()
{
    tb::SpecOutline outline;
    outline.name = QStringLiteral("blocks");
    outline.metricNames = {QStringLiteral("GB/s")};
    outline.parameterNames = {QStringLiteral("BM"), QStringLiteral("UNROLL")};
    return outline;
}

// 12 results: BM 16/32/64 x UNROLL 1/4 on two sizes; BM=64,UNROLL=4 fails to verify.
inline QVector<tb::ResultEvent> events()
{
    QVector<tb::ResultEvent> all;
    for (std::size_t size = 0; size < 2; ++size) {
        for (const int bm : {16, 32, 64}) {
            for (const int unroll : {1, 4}) {
                tb::ResultEvent event;
                event.sizeIndex = size;
                event.config.values = {double(bm), double(unroll)};
                event.configKey = "BM=" + std::to_string(bm) + ",UNROLL=" + std::to_string(unroll);
                if (bm == 64 && unroll == 4) {
                    event.result.status = tb::ResultStatus::WrongResult;
                    event.result.message = "output differs at index 7";
                    event.objective = std::nan("");
                } else {
                    const double median = 1e-3 * (size + 1) / bm / unroll;
                    event.result.samples = {median * 0.98, median, median * 1.01, median};
                    event.result.summary = {median, median * 0.98, median, median * 0.01, 4, 0.01};
                    event.result.metrics["GB/s"] = 1.0 / median;
                    event.objective = median;
                }
                all.append(event);
            }
        }
    }
    return all;
}

inline int okCount(const QVector<tb::ResultEvent> &all)
{
    return int(std::count_if(all.cbegin(), all.cend(), [](const tb::ResultEvent &event) {
        return event.result.status == tb::ResultStatus::Ok;
    }));
}

// The base of the suites: before each test a shown Results page over a feed that holds
// events(), sizes labelled N=256 and N=512; QSettings kept away from the user's and cleared
// around every test.
class ResultsPageFixture : public QObject
{
    Q_OBJECT
protected:
    tb::ResultsModel *model() const { return m_feed->model(); }

    tb::ResultsFeed *m_feed = nullptr;
    tb::ResultsPage *m_page = nullptr;

private:
    std::unique_ptr<tb::ResultsFeed> m_ownedFeed;
    std::unique_ptr<tb::DeviceModelList> m_ownedDeviceModels;
    std::unique_ptr<tb::ResultsPage> m_ownedPage;

private slots:
    // Qt Test finds these in the derived suites too, as it does their tests.
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // QSettings away from the user's
        QSettings().clear();
    }

    void init()
    {
        m_ownedFeed = std::make_unique<tb::ResultsFeed>();
        m_ownedDeviceModels = std::make_unique<tb::DeviceModelList>(m_ownedFeed->model());
        m_ownedPage =
            std::make_unique<tb::ResultsPage>(m_ownedFeed.get(), m_ownedDeviceModels.get());
        m_feed = m_ownedFeed.get();
        m_page = m_ownedPage.get();
        m_page->resize(1100, 700);
        m_page->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_page));
        m_feed->reset(outline());
        m_feed->setSizeLabel(0, QStringLiteral("N=256"));
        m_feed->setSizeLabel(1, QStringLiteral("N=512"));
        m_feed->append(events());
    }

    void cleanup()
    {
        m_page = nullptr;
        m_feed = nullptr;
        m_ownedPage.reset();
        m_ownedDeviceModels.reset();
        m_ownedFeed.reset();
        QSettings().clear();
    }
};

} // namespace tbtest
