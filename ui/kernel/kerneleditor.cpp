#include "kerneleditor.h"

#include "cudalexer.h"

#include <QEvent>
#include <QFontDatabase>
#include <QPalette>
#include <Qsci/qscilexercpp.h>
#include <Qsci/qscilexerpython.h>

#include <algorithm>

namespace tb {

namespace {

constexpr unsigned markerMask(int marker)
{
    return 1u << unsigned(marker);
}

} // namespace

KernelEditor::KernelEditor(QWidget *parent) : QsciScintilla(parent)
{
    setUtf8(true);
    setTabWidth(4);
    setIndentationsUseTabs(false);
    setAutoIndent(true);
    setIndentationGuides(true);
    setBraceMatching(QsciScintilla::SloppyBraceMatch);
    setCaretLineVisible(true);
    // The horizontal scroll bar follows the longest line instead of a fixed 2000 pixels.
    setScrollWidth(1);
    setScrollWidthTracking(true);
    setMarginType(LineNumberMargin, QsciScintilla::NumberMargin);
    setMarginLineNumbers(LineNumberMargin, true);
    setMarginType(MarkerMargin, QsciScintilla::SymbolMargin);
    setMarginWidth(MarkerMargin, 16);
    setMarginMarkerMask(LineNumberMargin, 0);
    setMarginMarkerMask(MarkerMargin, markerMask(ErrorMarker) | markerMask(WarningMarker));
    markerDefine(QsciScintilla::Circle, ErrorMarker);
    setMarkerBackgroundColor(QColor(0xd3, 0x2f, 0x2f), ErrorMarker);
    setMarkerForegroundColor(QColor(0x8e, 0x1b, 0x1b), ErrorMarker);
    markerDefine(QsciScintilla::RightTriangle, WarningMarker);
    setMarkerBackgroundColor(QColor(0xf5, 0xa6, 0x23), WarningMarker);
    setMarkerForegroundColor(QColor(0xa0, 0x6a, 0x10), WarningMarker);

    setHighlighting(Highlighting::C);
    connect(this, &QsciScintilla::linesChanged, this, &KernelEditor::updateLineNumberWidth);
    connect(this, &QsciScintillaBase::SCN_MODIFIED, this,
            [this](int position, int type, const char *, int, int linesAdded, int, int, int, int,
                   int) { dropStaleMarkers(position, type, linesAdded); });
    updateLineNumberWidth();
}

void KernelEditor::setHighlighting(Highlighting highlighting)
{
    if (lexer() && highlighting == m_highlighting)
        return;
    m_highlighting = highlighting;
    installLexer();
}

QsciLexer *KernelEditor::makeLexer()
{
    switch (m_highlighting) {
    case Highlighting::Cuda:
        return new CudaLexer(this);
    case Highlighting::Python:
        return new QsciLexerPython(this);
    case Highlighting::C:
        break;
    }
    return new QsciLexerCPP(this);
}

void KernelEditor::installLexer()
{
    // A fresh lexer starts from QScintilla's colours, which applyColors() then adapts.
    QsciLexer *old = lexer();
    setLexer(makeLexer());
    delete old;
    applyFont();
    applyColors();
    applyDefinitions();
}

void KernelEditor::setPreprocessorDefinitions(const QStringList &definitions)
{
    if (definitions == m_definitions)
        return;
    m_definitions = definitions;
    applyDefinitions();
}

void KernelEditor::applyDefinitions()
{
    if (m_highlighting == Highlighting::Python)
        return; // no preprocessor: Python's lexer reads keyword list 4 as something else
    // Scintilla's C++ lexer reads "NAME=value" definitions from its keyword list 4 and
    // evaluates #if / #ifdef with them (lexer.cpp.track.preprocessor); a new lexer forgets them.
    const QByteArray list = m_definitions.join(QLatin1Char(' ')).toUtf8();
    SendScintilla(QsciScintillaBase::SCI_SETKEYWORDS, uintptr_t(4), list.constData());
    SendScintilla(QsciScintillaBase::SCI_SETPROPERTY, "lexer.cpp.track.preprocessor", "1");
    recolor();
}

bool KernelEditor::isLineInactive(int line) const
{
    const long position = SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE, line - 1);
    // Scintilla styles lazily, as text is shown: style everything up to the line first.
    SendScintilla(QsciScintillaBase::SCI_COLOURISE, 0ul,
                  SendScintilla(QsciScintillaBase::SCI_GETLINEENDPOSITION, line - 1));
    // LexCPP styles an inactive branch with its active style plus 64 (its "inactive" set).
    return SendScintilla(QsciScintillaBase::SCI_GETSTYLEAT, position) >= 64;
}

void KernelEditor::applyColors()
{
    const QPalette colors = palette();
    const QColor paper = colors.color(QPalette::Base);
    const QColor text = colors.color(QPalette::Text);
    QsciLexer *current = lexer();
    current->setDefaultPaper(paper);
    current->setPaper(paper); // every style
    current->setDefaultColor(text);
    // Code a build leaves out (styles 64 and up, an inactive #if branch) reads greyed on either
    // paper: halfway between text and paper. QScintilla's own greys are made for white paper
    // and took the text colour on dark paper, where the branch looked live.
    const QColor inactive =
        QColor::fromRgbF((text.redF() + paper.redF()) / 2, (text.greenF() + paper.greenF()) / 2,
                         (text.blueF() + paper.blueF()) / 2);
    for (int style = 64; style < 128; ++style)
        if (!current->description(style).isEmpty())
            current->setColor(inactive, style);
    if (paper.lightness() < 128) {
        // QScintilla's colours are made for white paper: on dark paper, near-black styles take
        // the text colour and the others are lightened, keeping their hue.
        for (int style = 0; style < 64; ++style) {
            if (current->description(style).isEmpty())
                continue;
            const QColor color = current->color(style);
            if (color.hslSaturation() < 40 || color.lightness() < 30)
                current->setColor(text, style);
            else if (color.lightness() < 150)
                current->setColor(
                    QColor::fromHsl(color.hslHue(), std::min(color.hslSaturation(), 170), 175),
                    style);
        }
    }
    setMarginsBackgroundColor(colors.color(QPalette::Window));
    setMarginsForegroundColor(colors.color(QPalette::PlaceholderText));
    setCaretForegroundColor(text);
    // A tint of the highlight colour reads on light and dark paper alike.
    QColor caretLine = colors.color(QPalette::Highlight);
    caretLine.setAlpha(40);
    setCaretLineBackgroundColor(caretLine);
}

void KernelEditor::changeEvent(QEvent *event)
{
    QsciScintilla::changeEvent(event);
    // Light/dark follows the system: a new palette restyles the text.
    if (event->type() == QEvent::PaletteChange && lexer())
        installLexer();
}

void KernelEditor::applyFont()
{
    // The desktop's fixed font, and should its family be missing, whatever fontconfig offers
    // for a monospace hint. (Qt's own fixedPitch() is no test: it is false for Noto Sans Mono.)
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    font.setStyleHint(QFont::Monospace);
    font.setFixedPitch(true);
    setFont(font);
    setMarginsFont(font);
    if (QsciLexer *current = lexer()) {
        current->setDefaultFont(font);
        current->setFont(font); // every style
    }
    updateLineNumberWidth();
}

void KernelEditor::updateLineNumberWidth()
{
    // Room for the widest line number plus a digit, so the margin does not jitter while typing.
    setMarginWidth(LineNumberMargin, QStringLiteral("0%1").arg(std::max(lines(), 100)));
}

void KernelEditor::loadText(const QString &text)
{
    setEolMode(text.contains(QLatin1String("\r\n")) ? EolWindows : EolUnix);
    setText(text);
    // Loading is not an edit: nothing to undo back to, nothing modified.
    SendScintilla(SCI_EMPTYUNDOBUFFER);
    setModified(false);
    setCursorPosition(0, 0);
}

bool KernelEditor::find(const QString &text, bool forward, bool caseSensitive)
{
    if (text.isEmpty())
        return false;
    int line = 0;
    int index = 0;
    if (hasSelectedText()) {
        int lineTo = 0;
        int indexTo = 0;
        getSelection(&line, &index, &lineTo, &indexTo);
        // Forward starts after the current match, backward before it.
        if (forward) {
            line = lineTo;
            index = indexTo;
        }
    } else {
        getCursorPosition(&line, &index);
    }
    return findFirst(text, false, caseSensitive, false, true, forward, line, index);
}

void KernelEditor::addMarker(int line, CompilerMessage::Severity severity)
{
    if (line < 1 || line > lines())
        return;
    switch (severity) {
    case CompilerMessage::Severity::Error:
        markerAdd(line - 1, ErrorMarker);
        break;
    case CompilerMessage::Severity::Warning:
        markerAdd(line - 1, WarningMarker);
        break;
    case CompilerMessage::Severity::Note:
        break; // notes explain an error or warning that is already marked
    }
}

void KernelEditor::clearMarkers()
{
    markerDeleteAll(ErrorMarker);
    markerDeleteAll(WarningMarker);
}

// A marker is about the text the compiler saw: once its line is edited (fixed, most likely) it
// no longer is. A deleted line's markers are handed to the line where the deletion starts (a
// whole new source: to line 1), so that line's go too.
void KernelEditor::dropStaleMarkers(int position, int modification, int linesAdded)
{
    if (!(modification & (SC_MOD_INSERTTEXT | SC_MOD_DELETETEXT)))
        return;
    const int first = int(SendScintilla(SCI_LINEFROMPOSITION, position));
    for (int line = first; line <= first + std::max(0, linesAdded); ++line) {
        markerDelete(line, ErrorMarker);
        markerDelete(line, WarningMarker);
    }
}

bool KernelEditor::hasMarker(int line, Marker marker) const
{
    return line >= 1 && (markersAtLine(line - 1) & markerMask(marker)) != 0;
}

QList<int> KernelEditor::markedLines(Marker marker) const
{
    QList<int> found;
    for (int line = markerFindNext(0, markerMask(marker)); line >= 0;
         line = markerFindNext(line + 1, markerMask(marker)))
        found.append(line + 1);
    return found;
}

void KernelEditor::goTo(int line, int column)
{
    const int target = std::clamp(line, 1, std::max(1, lines())) - 1;
    const int index = std::clamp(column - 1, 0, std::max(0, lineLength(target)));
    setCursorPosition(target, index);
    ensureLineVisible(target);
    setFocus(Qt::OtherFocusReason);
}

int KernelEditor::cursorLine() const
{
    int line = 0;
    int index = 0;
    getCursorPosition(&line, &index);
    return line + 1;
}

} // namespace tb
