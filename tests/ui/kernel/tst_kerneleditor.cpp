#include "kernel/cudalexer.h"
#include "kernel/kerneleditor.h"

#include <QFontDatabase>
#include <QFontMetricsF>
#include <QSignalSpy>
#include <QTest>
#include <Qsci/qscilexerpython.h>

using namespace tb;
using Severity = CompilerMessage::Severity;

namespace {

// Monospaced as drawn: a narrow, a wide and a punctuation glyph take the same room. (Not
// QFontInfo::fixedPitch(), which depends on the machine's fonts: false for Noto Sans Mono.)
bool isMonospaced(const QFont &font)
{
    const QFontMetricsF metrics(font);
    const qreal narrow = metrics.horizontalAdvance(QLatin1Char('i'));
    return narrow > 0 && narrow == metrics.horizontalAdvance(QLatin1Char('W')) &&
           narrow == metrics.horizontalAdvance(QLatin1Char('.'));
}

const QString kText = QStringLiteral("int a = 1;\n"
                                     "int b = a;\n"
                                     "float c = 2;\n"
                                     "int d = b;\n");

QPair<int, int> selectionStart(const KernelEditor &editor)
{
    int line = 0, index = 0, lineTo = 0, indexTo = 0;
    editor.getSelection(&line, &index, &lineTo, &indexTo);
    return {line, index};
}

} // namespace

class TestKernelEditor : public QObject
{
    Q_OBJECT
private slots:
    void loadsWithoutAnUndoStepAndTracksEdits()
    {
        KernelEditor editor;
        editor.loadText(QStringLiteral("old text"));
        QTest::keyClicks(&editor, QStringLiteral("x")); // unsaved, then replaced by a load
        QVERIFY(editor.isModified());
        editor.loadText(kText);
        QSignalSpy modified(&editor, &KernelEditor::modificationChanged);
        QCOMPARE(editor.text(), kText);
        QVERIFY(!editor.isModified());
        QVERIFY(!editor.isUndoAvailable());

        QTest::keyClicks(&editor, QStringLiteral("xy"));
        QVERIFY(editor.isModified());
        QCOMPARE(modified.count(), 1);
        QCOMPARE(modified.at(0).at(0).toBool(), true);
        QVERIFY(editor.text().startsWith(QStringLiteral("xyint a")));
        QTest::keyClick(&editor, Qt::Key_Z, Qt::ControlModifier); // QScintilla's undo
        QCOMPARE(editor.text(), kText);
        QVERIFY(!editor.isModified());
        QTest::keyClick(&editor, Qt::Key_Y, Qt::ControlModifier); // and redo
        QVERIFY(editor.text().startsWith(QStringLiteral("xyint a")));
    }

    void showsLineNumbersInAMonospaceFont()
    {
        KernelEditor editor;
        editor.loadText(kText);
        QVERIFY(editor.marginLineNumbers(KernelEditor::LineNumberMargin));
        QVERIFY(editor.marginWidth(KernelEditor::LineNumberMargin) > 0);
        QVERIFY(editor.marginWidth(KernelEditor::MarkerMargin) > 0);
        QVERIFY(editor.SendScintilla(QsciScintillaBase::SCI_GETCARETLINEVISIBLE) != 0);
        QVERIFY(isMonospaced(editor.lexer()->defaultFont()));
        QVERIFY(editor.highlighting() == KernelEditor::Highlighting::C);
        QVERIFY(!qobject_cast<CudaLexer *>(editor.lexer()));
        editor.setHighlighting(KernelEditor::Highlighting::Cuda);
        QVERIFY(qobject_cast<CudaLexer *>(editor.lexer()));
        QVERIFY(isMonospaced(editor.lexer()->font(QsciLexerCPP::KeywordSet2)));
        QCOMPARE(editor.lexer()->defaultFont().family(),
                 QFontDatabase::systemFont(QFontDatabase::FixedFont).family());
    }

    // A Triton kernel is Python: Python's lexer, in the same monospace font and colours.
    void highlightsATritonKernelAsPython()
    {
        KernelEditor editor;
        editor.setHighlighting(KernelEditor::Highlighting::Python);
        QVERIFY(qobject_cast<QsciLexerPython *>(editor.lexer()));
        QVERIFY(isMonospaced(editor.lexer()->defaultFont()));
        editor.setPreprocessorDefinitions(
            {QStringLiteral("BLOCK=64")}); // ignored, no C preprocessor
        editor.loadText(
            QStringLiteral("@triton.jit\ndef k(x_ptr, BLOCK: tl.constexpr):\n    pass\n"));
        QVERIFY(!editor.isLineInactive(2));
        editor.setHighlighting(KernelEditor::Highlighting::Cuda);
        QVERIFY(qobject_cast<CudaLexer *>(editor.lexer()));
    }

    void followsALightOrDarkPalette()
    {
        KernelEditor editor;
        editor.setHighlighting(KernelEditor::Highlighting::Cuda);
        QPalette light = editor.palette();
        light.setColor(QPalette::Base, Qt::white);
        light.setColor(QPalette::Text, Qt::black);
        editor.setPalette(light);
        QCOMPARE(editor.lexer()->paper(QsciLexerCPP::Keyword), QColor(Qt::white));
        QsciLexerCPP stock;
        QCOMPARE(editor.lexer()->color(QsciLexerCPP::Keyword), stock.color(QsciLexerCPP::Keyword));

        QPalette dark = light;
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Text, QColor(0xdd, 0xdd, 0xdd));
        editor.setPalette(dark);
        QVERIFY(qobject_cast<CudaLexer *>(editor.lexer())); // still CUDA
        QCOMPARE(editor.lexer()->paper(QsciLexerCPP::Comment), QColor(0x1e, 0x1e, 0x1e));
        // Every style is readable on dark paper: black text became the palette's text.
        QCOMPARE(editor.lexer()->color(QsciLexerCPP::Operator), QColor(0xdd, 0xdd, 0xdd));
        QVERIFY(editor.lexer()->color(QsciLexerCPP::Keyword).lightness() > 128);
        QVERIFY(editor.lexer()->color(QsciLexerCPP::KeywordSet2).lightness() > 128);

        editor.setPalette(light); // and back
        QCOMPARE(editor.lexer()->color(QsciLexerCPP::Keyword), stock.color(QsciLexerCPP::Keyword));
    }

    // The #if branches a configuration builds look like code, the others greyed, on light and
    // dark paper alike (issue 18, item 12).
    void greysTheBranchesTheConfigurationLeavesOut()
    {
        KernelEditor editor;
        editor.loadText(QStringLiteral("#if MODE == 2\n"
                                       "int two;\n"
                                       "#else\n"
                                       "int other;\n"
                                       "#endif\n"
                                       "#ifndef BM\n"
                                       "#define BM 64\n"
                                       "#endif\n"));
        editor.setPreprocessorDefinitions({QStringLiteral("MODE=2"), QStringLiteral("BM=32")});
        QVERIFY(!editor.isLineInactive(2)); // built with MODE=2
        QVERIFY(editor.isLineInactive(4));
        QVERIFY(editor.isLineInactive(7)); // -DBM: the default is not used
        editor.setPreprocessorDefinitions({QStringLiteral("MODE=1")});
        QVERIFY(editor.isLineInactive(2));
        QVERIFY(!editor.isLineInactive(4));
        QVERIFY(!editor.isLineInactive(7));

        // The greying survives a new lexer (CUDA highlighting, a palette change) and reads as
        // neither text nor paper on dark paper.
        editor.setHighlighting(KernelEditor::Highlighting::Cuda);
        QVERIFY(editor.isLineInactive(2));
        QPalette dark = editor.palette();
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Text, QColor(0xdd, 0xdd, 0xdd));
        editor.setPalette(dark);
        QVERIFY(editor.isLineInactive(2));
        const QColor inactive = editor.lexer()->color(QsciLexerCPP::Identifier + 64);
        QVERIFY2(inactive.lightness() > 0x1e + 40 && inactive.lightness() < 0xdd - 40,
                 qPrintable(inactive.name()));
    }

    void findsForwardAndBackwardWithWrapAround()
    {
        KernelEditor editor;
        editor.loadText(kText);
        QVERIFY(editor.find(QStringLiteral("int"), true, false));
        QCOMPARE(selectionStart(editor), qMakePair(0, 0));
        QVERIFY(editor.find(QStringLiteral("int"), true, false));
        QCOMPARE(selectionStart(editor), qMakePair(1, 0));
        QVERIFY(editor.find(QStringLiteral("int"), true, false));
        QCOMPARE(selectionStart(editor), qMakePair(3, 0));
        QVERIFY(editor.find(QStringLiteral("int"), true, false)); // wraps to the top
        QCOMPARE(selectionStart(editor), qMakePair(0, 0));
        QVERIFY(editor.find(QStringLiteral("int"), false, false)); // back, wrapping to the end
        QCOMPARE(selectionStart(editor), qMakePair(3, 0));
        QVERIFY(editor.find(QStringLiteral("int"), false, false));
        QCOMPARE(selectionStart(editor), qMakePair(1, 0));
        QCOMPARE(editor.selectedText(), QStringLiteral("int"));

        QVERIFY(!editor.find(QStringLiteral("double"), true, false));
        QVERIFY(!editor.find(QStringLiteral("INT"), true, true)); // case-sensitive
        QVERIFY(editor.find(QStringLiteral("FLOAT"), true, false));
        QCOMPARE(selectionStart(editor), qMakePair(2, 0));
    }

    void marksLinesAndClearsThem()
    {
        KernelEditor editor;
        editor.loadText(kText);
        editor.addMarker(2, Severity::Error);
        editor.addMarker(4, Severity::Warning);
        editor.addMarker(3, Severity::Note);   // notes are not marked
        editor.addMarker(99, Severity::Error); // past the end: ignored
        QVERIFY(editor.hasMarker(2, KernelEditor::ErrorMarker));
        QVERIFY(!editor.hasMarker(2, KernelEditor::WarningMarker));
        QVERIFY(editor.hasMarker(4, KernelEditor::WarningMarker));
        QCOMPARE(editor.markedLines(KernelEditor::ErrorMarker), QList<int>({2}));
        QCOMPARE(editor.markedLines(KernelEditor::WarningMarker), QList<int>({4}));
        QVERIFY(!editor.hasMarker(3, KernelEditor::ErrorMarker));
        editor.clearMarkers();
        QVERIFY(editor.markedLines(KernelEditor::ErrorMarker).isEmpty());
        QVERIFY(editor.markedLines(KernelEditor::WarningMarker).isEmpty());
    }

    // A compile's marker goes with the text it was about (issue 34, item 14): fixing the marked
    // line, deleting it or loading another source leaves no marker on lines the compiler never
    // saw. (Deleted lines handed their markers to the line above; a load, to line 1.)
    void aMarkerGoesWhenItsLineIsFixed()
    {
        KernelEditor editor;
        editor.loadText(kText);
        editor.addMarker(2, Severity::Error);
        editor.addMarker(4, Severity::Warning);
        editor.setCursorPosition(1, 9); // line 2, before its ';'
        QTest::keyClicks(&editor, QStringLiteral(" + 1"));
        QCOMPARE(editor.text(1), QStringLiteral("int b = a + 1;\n"));
        QVERIFY(editor.markedLines(KernelEditor::ErrorMarker).isEmpty());
        QCOMPARE(editor.markedLines(KernelEditor::WarningMarker), QList<int>({4}));

        // The warned line deleted: its marker does not move to line 3.
        editor.setSelection(2, 12, 3, 10);
        editor.removeSelectedText();
        QCOMPARE(editor.lines(), 4);
        QVERIFY(editor.markedLines(KernelEditor::WarningMarker).isEmpty());

        // Another source loaded: nothing marked.
        editor.addMarker(3, Severity::Error);
        editor.loadText(kText);
        QVERIFY(editor.markedLines(KernelEditor::ErrorMarker).isEmpty());
        // A line the edit does not touch keeps its marker.
        editor.addMarker(1, Severity::Error);
        editor.setCursorPosition(3, 0);
        QTest::keyClicks(&editor, QStringLiteral("// "));
        QCOMPARE(editor.markedLines(KernelEditor::ErrorMarker), QList<int>({1}));
    }

    void goesToALineAndTakesTheFocus()
    {
        QWidget window;
        auto *editor = new KernelEditor(&window);
        auto *other = new QWidget(&window);
        other->setFocusPolicy(Qt::StrongFocus);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        editor->loadText(kText);
        other->setFocus();
        editor->goTo(3, 7);
        QCOMPARE(editor->cursorLine(), 3);
        int line = 0, index = 0;
        editor->getCursorPosition(&line, &index);
        QCOMPARE(index, 6);
        QTRY_VERIFY(editor->hasFocus());
        editor->goTo(50, 0); // clamped to the last line
        QCOMPARE(editor->cursorLine(), editor->lines());
    }
};

QTEST_MAIN(TestKernelEditor)
#include "tst_kerneleditor.moc"
