#pragma once

#include "compilermessage.h"

#include <Qsci/qsciscintilla.h>

namespace tb {

// The kernel's source editor: QScintilla with C/C++ or CUDA highlighting, a monospace font,
// line numbers, the current line highlighted, and a marker margin for compiler diagnostics.
// Its colours follow the widget's palette (light or dark paper).
// Undo/redo, clipboard and the usual editing keys are QScintilla's own.
class KernelEditor : public QsciScintilla
{
    Q_OBJECT
public:
    enum Marker
    {
        ErrorMarker = 0,
        WarningMarker = 1,
    };
    enum Margin
    {
        LineNumberMargin = 0,
        MarkerMargin = 1,
    };

    explicit KernelEditor(QWidget *parent = nullptr);

    // What the text is highlighted as: C/C++, CUDA (its keywords on top of C++), or Python
    // (a Triton kernel).
    enum class Highlighting
    {
        C,
        Cuda,
        Python
    };
    void setHighlighting(Highlighting highlighting);
    Highlighting highlighting() const { return m_highlighting; }

    // The macros a build of the picked configuration defines ("BM=64", "TB_PARAM_BN=32"): the
    // highlighter greys the #if branches that this configuration does not compile, and shows
    // the ones it does as code.
    void setPreprocessorDefinitions(const QStringList &definitions);
    QStringList preprocessorDefinitions() const { return m_definitions; }
    // Whether the 1-based line is styled as code a build leaves out (an inactive #if branch).
    bool isLineInactive(int line) const;

    // Replaces the text without an undo step and marks the document unmodified.
    void loadText(const QString &text);

    // Finds `text` after the selection (forward) or before it, wrapping around the document;
    // selects the match. False when there is none anywhere.
    bool find(const QString &text, bool forward, bool caseSensitive);

    // Markers use 1-based line numbers, like compiler messages. An edit of a marked line (or
    // its deletion, or loading another text) takes its markers away: they were about the text
    // the compiler saw.
    void addMarker(int line, CompilerMessage::Severity severity);
    void clearMarkers();
    bool hasMarker(int line, Marker marker) const;
    QList<int> markedLines(Marker marker) const;

    // Moves the cursor to line/column (1-based; column 0: the line's start), scrolls there and
    // takes the focus.
    void goTo(int line, int column);

    // 1-based line of the cursor.
    int cursorLine() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void installLexer();
    QsciLexer *makeLexer();
    void applyFont();
    void applyColors();
    void applyDefinitions();
    void updateLineNumberWidth();
    void dropStaleMarkers(int position, int modification, int linesAdded);

    Highlighting m_highlighting = Highlighting::C;
    QStringList m_definitions;
};

} // namespace tb
