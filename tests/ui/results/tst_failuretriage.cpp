// Failure triage on the Results page: the summary over the table (each failure status with its
// common cause and hint, a click filters the table to it), the hint in a failed row's tooltip
// and in its details, and a finalist whose process rounds disagree beyond the spec's target
// flagged in the status column.
#include "models/statusicon.h"
#include "pages/resultdetails.h"
#include "results/failuresummarybar.h"
#include "results/resultsfilterproxy.h"
#include "resultsfixture.h"

#include <QComboBox>
#include <QLineEdit>
#include <QTableView>

using namespace tb;

namespace {

ResultEvent failure(ResultStatus status, const std::string &configKey, const std::string &message)
{
    ResultEvent event;
    event.configKey = configKey;
    event.result.status = status;
    event.result.message = message;
    event.objective = std::nan("");
    return event;
}

// Three launches refused for registers (numbers differ) and one illegal address.
QVector<ResultEvent> failures()
{
    QVector<ResultEvent> all;
    for (const int registers : {128, 168, 255})
        all.append(
            failure(ResultStatus::InvalidLaunch, "BM=128,UNROLL=" + std::to_string(registers),
                    "1024 threads x " + std::to_string(registers) + " registers need " +
                        std::to_string(registers * 1024) + " registers, the block limit is 65536"));
    all.append(failure(ResultStatus::RuntimeError, "BM=256,UNROLL=1",
                       "cuStreamSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal "
                       "memory access was encountered"));
    return all;
}

int rowOf(const ResultsModel *model, const std::string &configKey)
{
    for (int row = 0; row < model->rowCount(); ++row)
        if (model->resultAt(row).configKey == configKey)
            return row;
    return -1;
}

} // namespace

class TestFailureTriage : public tbtest::ResultsPageFixture
{
    Q_OBJECT

private slots:
    void summaryCountsEachStatusWithItsCause()
    {
        FailureSummaryBar *bar = m_page->failureSummary();
        // The fixture's one wrong result.
        QCOMPARE(bar->lines(), QStringList{"2 x wrong_result: output differs at index 7"});
        QVERIFY(bar->isVisible());
        m_feed->append(failures());
        const QStringList lines = bar->lines();
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0], QStringLiteral("3 x invalid_launch: 1024 threads x N registers need N "
                                          "registers, the block limit is 65536 (registers x "
                                          "threads over the limit: fewer threads per block, or "
                                          "cap the registers with __launch_bounds__)"));
        QVERIFY2(lines[1].startsWith("1 x runtime_error: ") &&
                     lines[1].endsWith("(out-of-bounds or invalid pointer; try "
                                       "compute-sanitizer)"),
                 qPrintable(lines[1]));
        QCOMPARE(lines[2], QStringLiteral("2 x wrong_result: output differs at index 7"));
        QVERIFY(bar->text().contains("<a href=\"invalid_launch\""));

        m_feed->reset(tbtest::outline()); // another run: nothing failed yet
        QVERIFY(bar->lines().isEmpty());
        QVERIFY(!bar->isVisible());
    }

    void clickingAStatusFiltersTheTable()
    {
        m_feed->append(failures());
        m_page->statusCombo()->setCurrentIndex(1); // "Ok only": the click must undo it
        emit m_page->failureSummary()->linkActivated(QStringLiteral("invalid_launch"));
        QCOMPARE(m_page->filterEdit()->text(), QStringLiteral("status=invalid_launch"));
        QCOMPARE(m_page->proxy()->statusFilter(), ResultsFilterProxy::AnyStatus);
        QCOMPARE(m_page->proxy()->rowCount(), 3);
        for (int row = 0; row < 3; ++row)
            QCOMPARE(m_page->proxy()->index(row, 0).data(ResultsModel::StatusRole).toString(),
                     QStringLiteral("invalid_launch"));
    }

    void aFailedRowsTooltipAndDetailsCarryTheHint()
    {
        m_feed->append(failures());
        const int row = rowOf(model(), "BM=256,UNROLL=1");
        QVERIFY(row >= 0);
        const QString tip = model()->index(row, 0).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.startsWith("cuStreamSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS") &&
                     tip.endsWith("\nHint: out-of-bounds or invalid pointer; try "
                                  "compute-sanitizer"),
                 qPrintable(tip));

        ResultDetails *details = m_page->details();
        details->showResult(model()->resultAt(row));
        QVERIFY2(details->messageText().contains(
                     "Hint: out-of-bounds or invalid pointer; try compute-sanitizer"),
                 qPrintable(details->messageText()));
        // A message in plain words needs none.
        details->showResult(model()->resultAt(rowOf(model(), "BM=64,UNROLL=4")));
        QVERIFY(!details->messageText().contains("Hint:"));
    }

    void roundsThatDisagreeBeyondTheTargetAreFlagged()
    {
        tb::SpecOutline strict = tbtest::outline();
        strict.roundsAgreeWithin = 0.01;
        m_feed->reset(strict);
        ResultEvent agreeing = tbtest::events().at(0);
        agreeing.configKey = "BM=16,UNROLL=1";
        agreeing.roundMedians = {1.000e-3, 1.004e-3, 0.998e-3}; // 0.6% apart
        ResultEvent disagreeing = tbtest::events().at(1);
        disagreeing.configKey = "BM=16,UNROLL=4";
        disagreeing.roundMedians = {1.00e-3, 1.05e-3, 1.01e-3}; // 5% apart
        m_feed->append({agreeing, disagreeing});

        const QModelIndex calm = model()->index(0, ResultsModel::StatusColumn);
        const QModelIndex flagged = model()->index(1, ResultsModel::StatusColumn);
        QVERIFY(calm.data(Qt::ToolTipRole).isNull());
        const QString tip = flagged.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains("its 3 process rounds disagree by 5.0%, beyond the 1% target"),
                 qPrintable(tip));
        QCOMPARE(qvariant_cast<QIcon>(flagged.data(Qt::DecorationRole)).cacheKey(),
                 cautionIcon().cacheKey());
        QCOMPARE(qvariant_cast<QIcon>(calm.data(Qt::DecorationRole)).cacheKey(),
                 statusIcon(ResultStatus::Ok).cacheKey());

        // The details name it as a caveat, at the target the page's run was given.
        m_page->view()->setCurrentIndex(m_page->proxy()->mapFromSource(flagged));
        QVERIFY2(m_page->details()->messageText().contains("Caveat: its 3 process rounds"),
                 qPrintable(m_page->details()->messageText()));

        // A looser target, as another spec may set: the same rounds agree.
        tb::SpecOutline loose = strict;
        loose.roundsAgreeWithin = 0.1;
        m_feed->reset(loose);
        m_feed->append({disagreeing});
        QVERIFY(model()->index(0, ResultsModel::StatusColumn).data(Qt::ToolTipRole).isNull());
    }
};

QTEST_MAIN(TestFailureTriage)
#include "tst_failuretriage.moc"
