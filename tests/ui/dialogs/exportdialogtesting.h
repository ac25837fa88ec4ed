#pragma once

// What the Export dialog's tests share: made-up runs in a real store, the text each format must
// hold (the engine functions called as the CLI's `export` calls them), and driving the dialog
// as a user would, waiting for its renders.
#include "analysis/kernelset.h"
#include "dialogs/exportdialog.h"
#include "exampleworkspace.h"
#include "export/exporter.h"
#include "export/kernelsetexport.h"
#include "export/t4export.h"
#include "tasks/storedrun.h"
#include "tasks/workspacefiles.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QObject>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <vector>

namespace tbtest {

using namespace tb;

inline int lineCount(const QString &text)
{
    return int(text.count(QLatin1Char('\n')));
}

// A result the store accepts; the numbers are made up, the storage is real.
inline Result fakeResult(double median)
{
    Result result;
    result.status = ResultStatus::Ok;
    result.summary.count = 3;
    result.summary.median = result.summary.min = result.summary.mean = median;
    result.samples = {median, median, median};
    return result;
}

inline Result failedResult()
{
    Result result;
    result.status = ResultStatus::CompileError;
    result.message = "error: expected ';'";
    return result;
}

// A run of `count` made-up results of the matmul spec, all of problem size 0, in a real store.
inline std::int64_t fakeRun(const QString &path, int count,
                            const std::function<Result(int)> &result)
{
    auto store = Store::open(path.toStdString());
    if (!store)
        qFatal("cannot open %s", qPrintable(path));
    auto specId = store->specs().save(tbtest::matmulSpec());
    RunRecord record;
    record.specId = *specId;
    record.strategy = "brute_force";
    const std::int64_t runId = *store->runs().create(record);
    for (int i = 0; i < count; ++i) {
        Configuration config;
        config.values = {16, 32, double(i), 1};
        const std::string key = "BM=16,BN=32,BK=" + std::to_string(i) + ",UNROLL=1";
        if (!store->results().save(runId, *specId, key, config, 0, result(i)))
            qFatal("cannot save a result");
    }
    return runId;
}

// The text each format must hold: the engine functions called as the CLI's `export` calls
// them, on the run as the workspace stores it.
inline Expected<std::string> engineText(const StoredRun &run, const ExportOptions &options)
{
    const std::string version = TUNEBENCH_VERSION;
    switch (options.format) {
    case ExportFormat::Json:
        return exportJson(run.spec, run.record, run.results,
                          currentHost(version, run.record.device), run.rounds);
    case ExportFormat::Csv:
        return exportCsv(run.spec, run.results); // every result
    case ExportFormat::KernelTuner: {
        auto cache = exportKernelTuner(run.spec, run.record, run.results, options.sizeIndex,
                                       options.deviceName);
        if (!cache)
            return cache.error();
        return cache->text;
    }
    case ExportFormat::CppHeader:
        return exportCppHeader(run.spec, run.record, run.results, version);
    case ExportFormat::T4: {
        auto t4 = exportT4(run.spec, run.record, run.results, options.sizeIndex, version,
                           options.deviceName);
        if (!t4)
            return t4.error();
        return t4->text;
    }
    case ExportFormat::TritonConfigs:
        return exportTritonConfigs(run.spec, run.record, run.results, version);
    case ExportFormat::KernelSetJson:
    case ExportFormat::KernelSetHeader:
        break;
    }
    auto set = selectKernelSet(run.spec, run.record, run.results, options.maxSlowdownPct / 100);
    if (!set)
        return set.error();
    return options.format == ExportFormat::KernelSetJson
               ? exportKernelSetJson(run.spec, run.record, *set, version)
               : exportKernelSetHeader(run.spec, run.record, *set, version);
}

// The JSON export says when it was made, to the second: the one part two renders may differ in.
inline QString withoutExportTime(QString text)
{
    static const QRegularExpression stamp(QStringLiteral("\"exported_at\":\\s*\"[^\"]*\""));
    return text.replace(stamp, QStringLiteral("\"exported_at\": \"\""));
}

// The form label that names a field ("&Format:").
inline QLabel *labelOf(QWidget *dialog, QWidget *field)
{
    for (auto *label : dialog->findChildren<QLabel *>())
        if (label->buddy() == field)
            return label;
    return nullptr;
}

inline const std::vector<ExportFormat> kAllFormats = {
    ExportFormat::Json,      ExportFormat::Csv,           ExportFormat::KernelTuner,
    ExportFormat::CppHeader, ExportFormat::KernelSetJson, ExportFormat::KernelSetHeader,
    ExportFormat::T4,        ExportFormat::TritonConfigs};

// Waits until the dialog shows the text for its current options.
inline bool waitReady(ExportDialog &dialog)
{
    QSignalSpy updated(&dialog, &ExportDialog::previewUpdated);
    return dialog.isReady() || (updated.wait(20000) && dialog.isReady());
}

// Picks the options as a user would and waits until their text is rendered.
inline bool choose(ExportDialog &dialog, ExportFormat format, ExportScope scope)
{
    QSignalSpy updated(&dialog, &ExportDialog::previewUpdated);
    dialog.formatBox()->setCurrentIndex(dialog.formatBox()->findData(int(format)));
    dialog.scopeBox()->setCurrentIndex(dialog.scopeBox()->findData(int(scope)));
    while (!dialog.isReady())
        if (!updated.wait(20000))
            return false;
    return dialog.options().format == format && dialog.options().scope == scope;
}

// Sets every option, then waits for the text (or the engine's error) of those options:
// a render whose options changed meanwhile is dropped unseen, so the next update is theirs.
// The dialog must have read its run (waitReady()): the size box is filled then.
inline bool apply(ExportDialog &dialog, const ExportOptions &options)
{
    QSignalSpy updated(&dialog, &ExportDialog::previewUpdated);
    dialog.setOptions(options);
    emit dialog.deviceNameEdit()->editingFinished(); // renders once more, changed or not
    if (!updated.wait(20000))
        return false;
    const ExportOptions shown = dialog.options();
    return shown.format == options.format && shown.sizeIndex == options.sizeIndex &&
           shown.deviceName == options.deviceName && shown.maxSlowdownPct == options.maxSlowdownPct;
}

// A stored run read back whole (with samples), as the dialog reads it.
inline StoredRun storedRunOf(const QString &workspace, std::int64_t runId)
{
    auto run = readStoredRun(workspace.toStdString(), runId, true);
    if (!run)
        qFatal("cannot read run %lld", static_cast<long long>(runId));
    return run.value();
}

// The suites' base: a real matmul run (6 results over 2 sizes) in a workspace of its own,
// QSettings away from the user's.
class ExportDialogFixture : public QObject
{
    Q_OBJECT
protected:
    QTemporaryDir m_dir;
    QString m_workspace;
    std::int64_t m_runId = 0;

private slots:
    // Qt Test finds it in the derived suites too, as it does their tests.
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_workspace = m_dir.filePath("matmul.tbw");
        auto summary = tbtest::runMatmulInto(m_workspace, 3);
        QVERIFY2(summary.hasValue(), summary.hasValue() ? "" : summary.error().toString().c_str());
        m_runId = summary->runId;
    }

    // Each test starts from the default format: a test that ends on one the CPU run refuses
    // (the triton.Config list) would otherwise leave the next dialog without a text.
    void init() { QSettings().remove(QStringLiteral("export/format")); }
};

} // namespace tbtest
