#pragma once

#include "kernel/kerneleditor.h"
#include "kernel/kernelpage.h"
#include "kerneltestsupport.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

// What the Kernel page suites share: fresh example copies loaded into a page, and the editor
// helpers that find and type lines.
namespace kerneltest {

// The 0-based line of the first line containing `text`, or -1.
inline int lineOf(const tb::KernelEditor &editor, const QString &text)
{
    for (int line = 0; line < editor.lines(); ++line) {
        if (editor.text(line).contains(text))
            return line;
    }
    return -1;
}

// Puts the cursor at the end of 0-based `line`, presses Return and types `text` (QScintilla
// indents the new line): the text's 1-based line.
inline int typeLineAfter(tb::KernelEditor &editor, int line, const QString &text)
{
    editor.setCursorPosition(line, 0);
    QTest::keyClick(&editor, Qt::Key_End);
    QTest::keyClick(&editor, Qt::Key_Return);
    QTest::keyClicks(&editor, text);
    return editor.cursorLine();
}

// Suites derive from QObject and this.
class KernelPageFixture
{
protected:
    // A fresh copy of an example (never resources/ itself) loaded into `page`.
    QString load(tb::KernelPage &page, const QString &example)
    {
        const QString specPath = tbtest::copyExample(
            example, m_dir.filePath(QStringLiteral("%1-%2").arg(example).arg(++m_copies)));
        page.setWorkerPath(tbtest::workerPath());
        page.setCacheDirectory(m_dir.filePath(QStringLiteral("cache")));
        page.setSpec(loadSpec(specPath), specPath);
        return specPath;
    }

    static bool show(tb::KernelPage &page)
    {
        page.resize(1100, 800);
        page.show();
        return QTest::qWaitForWindowActive(&page);
    }

    // Ctrl+B in the editor, then waits for that compile's end.
    static bool compileWithKeys(tb::KernelPage &page, QSignalSpy &finished)
    {
        const auto before = finished.count();
        QTest::keyClick(page.editor(), Qt::Key_B, Qt::ControlModifier);
        return finished.wait(60000) && finished.count() == before + 1;
    }

    QTemporaryDir m_dir;
    int m_copies = 0;
};

} // namespace kerneltest
