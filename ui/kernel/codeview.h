#pragma once

#include "tasks/codelisting.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTabWidget;

namespace tb {

class FindBar;

// The Kernel page's "Code" tab: what the last Compile config built, one read-only monospace
// tab per listing (PTX and SASS for CUDA, TTIR, TTGIR and LLIR before them for Triton,
// Disassembly for cpu), a line naming the entry demangled, and a find bar of its own (Ctrl+F,
// F3 and Shift+F3 while the tab has the focus: the page routes them here). A listing that
// could not be made shows why instead, plainly.
class CodeView : public QWidget
{
    Q_OBJECT
public:
    explicit CodeView(QWidget *parent = nullptr);

    // Replaces the tabs with `code`'s listings; `target` ("sm_90", "cc") goes in the header.
    void showListings(const CodeListings &code, const QString &target);
    // No code to show, and why ("Compiling ...", "the compile failed").
    void showNote(const QString &note);

    // The text the tab `title` shows (its listing or its problem); empty when there is none.
    QString listingText(const QString &title) const;
    QTabWidget *tabs() const { return m_tabs; }
    QLabel *headerLabel() const { return m_header; }
    FindBar *findBar() const { return m_findBar; }
    QPlainTextEdit *currentListing() const;

    void openFind();
    // Searches the current tab, wrapping around; the bar says "not found" when nothing matches.
    void find(bool forward);

private:
    void clearTabs();

    QLabel *m_header;
    QTabWidget *m_tabs;
    FindBar *m_findBar;
    // The listing the user last turned to ("SASS"): shown again after the next compile, across
    // its "Compiling..." note, whichever kernel it is.
    QString m_chosenTitle;
    bool m_replacing = false; // while the tabs are replaced, their changes are not choices
};

} // namespace tb
