#include "kernel/compilermessagesmodel.h"

#include <QAbstractItemModelTester>
#include <QIcon>
#include <QSignalSpy>
#include <QTest>

using namespace tb;
using Severity = CompilerMessage::Severity;

class TestCompilerMessagesModel : public QObject
{
    Q_OBJECT
private slots:
    void holdsMessagesUnderTheModelTester()
    {
        CompilerMessagesModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), int(CompilerMessagesModel::ColumnCount));

        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setMessages({{Severity::Error, QStringLiteral("/src/k.cu"), 42, 7,
                            QStringLiteral("expected a \";\"")},
                           {Severity::Warning, QStringLiteral("ptxas"), 0, 0,
                            QStringLiteral("Registers are spilled")}});
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 2);
        const auto cell = [&model](int row, int column, int role = Qt::DisplayRole) {
            return model.data(model.index(row, column), role);
        };
        QCOMPARE(cell(0, CompilerMessagesModel::SeverityColumn).toString(),
                 QStringLiteral("error"));
        QCOMPARE(cell(0, CompilerMessagesModel::LocationColumn).toString(),
                 QStringLiteral("k.cu:42:7"));
        QCOMPARE(cell(0, CompilerMessagesModel::TextColumn).toString(),
                 QStringLiteral("expected a \";\""));
        QCOMPARE(cell(0, 0, CompilerMessagesModel::LineRole).toInt(), 42);
        QVERIFY(cell(0, 0, Qt::ToolTipRole).toString().contains(QStringLiteral("/src/k.cu:42")));
        QVERIFY(!cell(0, 0, Qt::DecorationRole).value<QIcon>().isNull());
        QCOMPARE(cell(1, CompilerMessagesModel::LocationColumn).toString(),
                 QStringLiteral("ptxas"));
        QCOMPARE(cell(1, 0, CompilerMessagesModel::LineRole).toInt(), 0);
        QCOMPARE(cell(1, 0, CompilerMessagesModel::SeverityRole).toInt(), int(Severity::Warning));
        QCOMPARE(model.headerData(CompilerMessagesModel::TextColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Message"));
        QCOMPARE(model.messageAt(1).text, QStringLiteral("Registers are spilled"));

        model.clear();
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(reset.count(), 2);
    }
};

QTEST_MAIN(TestCompilerMessagesModel)
#include "tst_compilermessagesmodel.moc"
