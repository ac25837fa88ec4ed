#pragma once

#include "document/specdocument.h"
#include "samejson.h"
#include "space/argumentseditor.h"
#include "space/argumentsmodel.h"
#include "space/parameterseditor.h"
#include "space/parametersmodel.h"
#include "space/searchspace.h"
#include "space/sizeseditor.h"
#include "space/sizesmodel.h"
#include "space/spacepage.h"
#include "space/variables.h"
#include "spec/specloader.h"
#include "specdocumentsupport.h"
#include "testfiles.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QLocale>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>
#include <vector>

// What the Space page suites share: a shown page over a fresh copy of the bundled matmul
// example, and the helpers that check it.
namespace spacetest {

using tbtest::sameJson;

// What the count label must say, computed independently with the engine's SearchSpace.
inline QString expectedCount(const tb::SpecDocument &document)
{
    tb::SpecJson json = document.json();
    json.erase("verification"); // a reference config that the constraints reject is no matter
    tb::SpecLoader loader;
    auto spec = loader.parse(json.dump(), document.baseDirectory().toStdString());
    if (!spec)
        return QStringLiteral("(spec invalid: %1)").arg(spec.error().toString().c_str());
    QStringList lines;
    const QLocale locale;
    for (std::size_t size = 0; size < spec->sizes.values.size(); ++size) {
        auto space = tb::SearchSpace::build(*spec, size);
        if (!space)
            return QStringLiteral("(no space)");
        lines << QStringLiteral("%1: %2 of %3 valid")
                     .arg(QString::fromStdString(tb::problemSizeLabel(*spec, size)),
                          locale.toString(space->validCount()),
                          locale.toString(space->totalCount()));
    }
    return lines.join(QLatin1Char('\n'));
}

// Replaces the text of the cell editor the view opens on `index` and commits it with Enter.
inline void editCell(QTableView *view, const QModelIndex &index, const QString &text)
{
    view->setCurrentIndex(index);
    view->setFocus();
    QTest::keyClick(view, Qt::Key_F2);
    QWidget *editor = QApplication::focusWidget();
    QVERIFY(editor && editor != view);
    QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
    QCoreApplication::processEvents(); // the delegate commits in a queued call
}

// The base of the suites: before each test a copy of matmul is loaded and shown on the page,
// with its table models under the tester, and the first (valid) verdict is in.
class SpacePageFixture : public QObject
{
    Q_OBJECT
protected:
    bool settle() const { return tbtest::settle(*m_document); }

    void undoAll()
    {
        while (m_document->undoStack()->canUndo())
            m_document->undoStack()->undo();
    }

    QTemporaryDir m_dir;
    std::unique_ptr<tb::SpecDocument> m_document;
    std::unique_ptr<tb::SpacePage> m_page;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
    tb::SpecJson m_original;

private slots:
    // Qt Test finds these in the derived suites too, as it does their tests.
    void init()
    {
        QVERIFY(m_dir.isValid());
        const QString path = tbtest::copyExampleAfresh(QStringLiteral("matmul"), m_dir.path());
        m_document = std::make_unique<tb::SpecDocument>();
        QVERIFY2(m_document->load(path), qPrintable(m_document->errorString()));
        m_original = m_document->json();
        m_page = std::make_unique<tb::SpacePage>(m_document.get());
        m_page->resize(1100, 900);
        m_page->show();
        m_page->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_page.get()));
        using Mode = QAbstractItemModelTester::FailureReportingMode;
        for (QAbstractItemModel *model : std::initializer_list<QAbstractItemModel *>{
                 m_page->parametersEditor()->model(), m_page->sizesEditor()->model(),
                 m_page->argumentsEditor()->model()})
            m_testers.push_back(std::make_unique<QAbstractItemModelTester>(model, Mode::QtTest));
        QVERIFY(settle());
        QVERIFY(m_document->isValid());
    }

    void cleanup()
    {
        m_testers.clear();
        m_page.reset();
        m_document.reset();
    }
};

} // namespace spacetest
