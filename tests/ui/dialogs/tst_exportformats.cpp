// The Export dialog's formats and options over a real workspace (the CPU matmul example run
// with real workers): every engine format as the engine renders it, both scopes, the options of
// each format and where they show, the suggested file name, the keyboard, the remembered format.
#include "exportdialogtesting.h"

#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace tb;
using namespace tbtest;

class TestExportFormats : public ExportDialogFixture
{
    Q_OBJECT
private slots:
    void jsonHoldsTheBestOfEachSize()
    {
        ExportDialog dialog(m_workspace, m_runId);
        dialog.show();
        QVERIFY(waitReady(dialog));
        QCOMPARE(dialog.options().format, ExportFormat::Json); // the default
        QVERIFY(choose(dialog, ExportFormat::Json, ExportScope::BestPerSize));
        QVERIFY(!dialog.scopeBox()->isEnabled()); // JSON is the winners by definition

        const QString text = dialog.exportedText();
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QCOMPARE(document["format"].toString(), QStringLiteral("tunebench-export"));
        QCOMPARE(document["run"]["id"].toInteger(), qint64(m_runId));
        const QJsonArray best = document["best"].toArray();
        const Spec spec = tbtest::matmulSpec();
        const auto expected = bestPerSize(spec, tbtest::storedResults(m_workspace, m_runId));
        QCOMPARE(best.size(), qsizetype(expected.size()));
        for (qsizetype i = 0; i < best.size(); ++i) {
            QVERIFY(expected[std::size_t(i)].has_value());
            QCOMPARE(best[i]["config_key"].toString(),
                     QString::fromStdString(expected[std::size_t(i)]->configKey));
        }
        QCOMPARE(dialog.previewText(), text); // short enough to preview whole
    }

    void csvFollowsTheScope()
    {
        ExportDialog dialog(m_workspace, m_runId);
        QVERIFY(waitReady(dialog));
        const Spec spec = tbtest::matmulSpec();
        const auto results = tbtest::storedResults(m_workspace, m_runId);

        QVERIFY(choose(dialog, ExportFormat::Csv, ExportScope::AllResults));
        QVERIFY(dialog.scopeBox()->isEnabled());
        QCOMPARE(dialog.exportedText(), QString::fromStdString(*exportCsv(spec, results)));
        QCOMPARE(lineCount(dialog.exportedText()), 1 + 6);
        QCOMPARE(dialog.previewText(), dialog.exportedText());

        QVERIFY(choose(dialog, ExportFormat::Csv, ExportScope::BestPerSize));
        std::vector<StoredResult> winners;
        for (const auto &winner : bestPerSize(spec, results))
            winners.push_back(*winner);
        QCOMPARE(winners.size(), std::size_t(2));
        QCOMPARE(dialog.exportedText(), QString::fromStdString(*exportCsv(spec, winners)));
        QCOMPARE(lineCount(dialog.exportedText()), 1 + 2);
        QCOMPARE(dialog.previewText(), dialog.exportedText());

        // Back to JSON: the scope box goes back to "best" and locks.
        QVERIFY(choose(dialog, ExportFormat::Json, ExportScope::BestPerSize));
        QVERIFY(dialog.exportedText().startsWith(QLatin1Char('{')));
        QVERIFY(!dialog.scopeBox()->isEnabled());
    }

    // Each format's text, options included, is what the engine function returns for the run.
    void everyFormatMatchesTheEngine_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("sizeIndex");
        QTest::addColumn<QString>("deviceName");
        QTest::addColumn<double>("maxSlowdownPct");
        QTest::newRow("json") << int(ExportFormat::Json) << 0 << QString() << 2.0;
        QTest::newRow("csv") << int(ExportFormat::Csv) << 0 << QString() << 2.0;
        QTest::newRow("kerneltuner size 0")
            << int(ExportFormat::KernelTuner) << 0 << QString() << 2.0;
        QTest::newRow("kerneltuner size 1, named device")
            << int(ExportFormat::KernelTuner) << 1 << QStringLiteral("NVIDIA A100") << 2.0;
        QTest::newRow("cpp header") << int(ExportFormat::CppHeader) << 0 << QString() << 2.0;
        // The README promises T4 in the workbench's export as in the CLI's (issue 34, item 14).
        QTest::newRow("t4 size 0") << int(ExportFormat::T4) << 0 << QString() << 2.0;
        QTest::newRow("t4 size 1, named device")
            << int(ExportFormat::T4) << 1 << QStringLiteral("NVIDIA H200") << 2.0;
        QTest::newRow("kernel set json")
            << int(ExportFormat::KernelSetJson) << 0 << QString() << 2.0;
        QTest::newRow("kernel set json 50%")
            << int(ExportFormat::KernelSetJson) << 0 << QString() << 50.0;
        QTest::newRow("kernel set header 10%")
            << int(ExportFormat::KernelSetHeader) << 0 << QString() << 10.0;
    }

    void everyFormatMatchesTheEngine()
    {
        QFETCH(int, format);
        QFETCH(int, sizeIndex);
        QFETCH(QString, deviceName);
        QFETCH(double, maxSlowdownPct);
        ExportOptions options;
        options.format = ExportFormat(format);
        options.scope = options.format == ExportFormat::Csv ? ExportScope::AllResults
                                                            : ExportScope::BestPerSize;
        options.sizeIndex = std::size_t(sizeIndex);
        options.deviceName = deviceName.toStdString();
        options.maxSlowdownPct = maxSlowdownPct;

        ExportDialog dialog(m_workspace, m_runId);
        QVERIFY(waitReady(dialog));
        QVERIFY(apply(dialog, options));
        const auto expected = engineText(storedRunOf(m_workspace, m_runId), options);
        QVERIFY2(expected.hasValue(),
                 expected.hasValue() ? "" : expected.error().toString().c_str());
        QVERIFY(dialog.isReady());
        QCOMPARE(withoutExportTime(dialog.exportedText()),
                 withoutExportTime(QString::fromStdString(*expected)));
        QCOMPARE(dialog.previewText(), dialog.exportedText()); // a small run: previewed whole
        QVERIFY(dialog.saveButton()->isEnabled());
        QVERIFY(!dialog.errorLabel()->isVisibleTo(&dialog));
        if (!deviceName.isEmpty())
            QVERIFY(dialog.exportedText().contains(deviceName));
    }

    // Kernel Tuner's problem-size selector lists the spec's sizes; a changed tolerance changes
    // the kernel set's text.
    void theOptionsChangeTheText()
    {
        ExportDialog dialog(m_workspace, m_runId);
        QVERIFY(waitReady(dialog));
        QCOMPARE(dialog.sizeBox()->count(), 2); // the matmul example's two sizes
        ExportOptions options;
        options.format = ExportFormat::KernelTuner;
        QVERIFY(apply(dialog, options));
        const QString size0 = dialog.exportedText();
        options.sizeIndex = 1;
        QVERIFY(apply(dialog, options));
        QVERIFY(dialog.exportedText() != size0);

        options.format = ExportFormat::KernelSetJson;
        QVERIFY(apply(dialog, options));
        QCOMPARE(dialog.maxSlowdownBox()->value(), 2.0); // the CLI's default
        const auto tolerance = [&dialog] {
            return QJsonDocument::fromJson(dialog.exportedText().toUtf8())["max_slowdown_pct"]
                .toDouble();
        };
        QCOMPARE(tolerance(), 2.0);
        options.maxSlowdownPct = 25;
        QVERIFY(apply(dialog, options));
        QCOMPARE(tolerance(), 25.0);
    }

    // Each option row shows, label and field, only for the formats that read it.
    void optionsAppearOnlyWhereTheyApply()
    {
        ExportDialog dialog(m_workspace, m_runId);
        dialog.show();
        QVERIFY(waitReady(dialog));
        for (const ExportFormat format : kAllFormats) {
            dialog.formatBox()->setCurrentIndex(dialog.formatBox()->findData(int(format)));
            const bool csv = format == ExportFormat::Csv;
            const bool oneSize = format == ExportFormat::KernelTuner || format == ExportFormat::T4;
            const bool kernelSet =
                format == ExportFormat::KernelSetJson || format == ExportFormat::KernelSetHeader;
            const auto shown = [&dialog](QWidget *field) {
                QLabel *label = labelOf(&dialog, field);
                return label && field->isVisible() && label->isVisible();
            };
            const auto hidden = [&dialog](QWidget *field) {
                QLabel *label = labelOf(&dialog, field);
                return label && !field->isVisible() && !label->isVisible();
            };
            const QByteArray name = dialog.formatBox()->currentText().toUtf8();
            QVERIFY2(csv ? shown(dialog.scopeBox()) : hidden(dialog.scopeBox()), name);
            QVERIFY2(oneSize ? shown(dialog.sizeBox()) : hidden(dialog.sizeBox()), name);
            QVERIFY2(oneSize ? shown(dialog.deviceNameEdit()) : hidden(dialog.deviceNameEdit()),
                     name);
            QVERIFY2(kernelSet ? shown(dialog.maxSlowdownBox()) : hidden(dialog.maxSlowdownBox()),
                     name);
        }
    }

    // The suggested file name's extension follows the format.
    void theFileNameFollowsTheFormat()
    {
        ExportDialog dialog(m_workspace, m_runId);
        QVERIFY(waitReady(dialog));
        const std::map<ExportFormat, QString> extensions = {
            {ExportFormat::Json, QStringLiteral(".json")},
            {ExportFormat::Csv, QStringLiteral(".csv")},
            {ExportFormat::KernelTuner, QStringLiteral(".json")},
            {ExportFormat::CppHeader, QStringLiteral(".h")},
            {ExportFormat::KernelSetJson, QStringLiteral(".json")},
            {ExportFormat::KernelSetHeader, QStringLiteral(".h")},
            {ExportFormat::T4, QStringLiteral(".json")},
            {ExportFormat::TritonConfigs, QStringLiteral(".py")}};
        QSet<QString> names;
        for (const ExportFormat format : kAllFormats) {
            dialog.formatBox()->setCurrentIndex(dialog.formatBox()->findData(int(format)));
            const QString name = dialog.suggestedFileName();
            QVERIFY2(name.endsWith(extensions.at(format)), qPrintable(name));
            QVERIFY2(name.contains(QStringLiteral("run%1").arg(m_runId)), qPrintable(name));
            names.insert(name);
        }
        QCOMPARE(names.size(), qsizetype(kAllFormats.size())); // none replaces another
    }

    // The format box is reached from the keyboard through its label's mnemonic.
    void theFormatBoxHasAMnemonic()
    {
        ExportDialog dialog(m_workspace, m_runId);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QLabel *label = labelOf(&dialog, dialog.formatBox());
        QVERIFY(label);
        QCOMPARE(label->text(), QStringLiteral("&Format:"));
        dialog.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&dialog));
        dialog.copyButton()->setFocus();
        QTest::keyClick(&dialog, Qt::Key_F, Qt::AltModifier);
        QTRY_VERIFY(dialog.formatBox()->hasFocus());
    }

    // The last format is offered again next time.
    void theLastFormatIsRemembered()
    {
        {
            ExportDialog dialog(m_workspace, m_runId);
            QVERIFY(waitReady(dialog));
            ExportOptions options;
            options.format = ExportFormat::KernelSetHeader;
            options.maxSlowdownPct = 7.5;
            QVERIFY(apply(dialog, options));
        }
        ExportDialog dialog(m_workspace, m_runId);
        QCOMPARE(dialog.options().format, ExportFormat::KernelSetHeader);
        QCOMPARE(dialog.options().maxSlowdownPct, 7.5);
        QVERIFY(dialog.maxSlowdownBox()->isVisibleTo(&dialog));
        QVERIFY(waitReady(dialog));
        QVERIFY(dialog.exportedText().contains(QStringLiteral("kMaxSlowdownPct")));
        ExportOptions json;
        QVERIFY(apply(dialog, json)); // back to the default for any test after this one
    }
};

QTEST_MAIN(TestExportFormats)
#include "tst_exportformats.moc"
