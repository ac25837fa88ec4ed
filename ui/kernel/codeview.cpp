#include "codeview.h"

#include "findbar.h"

#include <QFontDatabase>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTextCursor>
#include <QTextDocument>
#include <QVBoxLayout>

namespace tb {

CodeView::CodeView(QWidget *parent)
    : QWidget(parent), m_header(new QLabel(this)), m_tabs(new QTabWidget(this)),
      m_findBar(new FindBar(this))
{
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setWordWrap(true);
    m_tabs->setDocumentMode(true);
    m_findBar->field()->setPlaceholderText(tr("Find in the code"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_header);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_findBar);
    connect(m_findBar, &FindBar::findRequested, this,
            [this](const QString &, bool forward, bool) { find(forward); });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (!m_replacing && index >= 0)
            m_chosenTitle = m_tabs->widget(index)->objectName();
    });
    connect(m_findBar, &FindBar::closed, this, [this] {
        if (auto *listing = currentListing())
            listing->setFocus();
    });
    showNote(tr("Compile a configuration (Ctrl+B) to see its code: PTX and SASS for a CUDA "
                "kernel, TTIR, TTGIR, LLIR, PTX and SASS for a Triton one, the entry's "
                "disassembly for a cpu one."));
}

void CodeView::clearTabs()
{
    while (m_tabs->count() > 0) {
        QWidget *page = m_tabs->widget(0);
        m_tabs->removeTab(0);
        page->deleteLater();
    }
}

void CodeView::showNote(const QString &note)
{
    m_replacing = true;
    clearTabs();
    m_replacing = false;
    m_header->setText(note);
}

void CodeView::showListings(const CodeListings &code, const QString &target)
{
    m_replacing = true; // the tabs' coming and going is no choice of the user's
    clearTabs();
    const QString entry = QString::fromStdString(code.entry);
    const QString symbol = QString::fromStdString(code.symbol);
    QString header = tr("Entry: %1").arg(entry.isEmpty() ? tr("(unknown)") : entry);
    if (symbol != entry && !symbol.isEmpty())
        header += tr("   symbol: %1").arg(symbol);
    if (!target.isEmpty())
        header += tr("   target: %1").arg(target);
    m_header->setText(header);
    for (const auto &listing : code.listings) {
        auto *view = new QPlainTextEdit(m_tabs);
        view->setReadOnly(true);
        view->setLineWrapMode(listing.problem.empty() ? QPlainTextEdit::NoWrap
                                                      : QPlainTextEdit::WidgetWidth);
        view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        view->setPlainText(
            QString::fromStdString(listing.problem.empty() ? listing.text : listing.problem));
        const QString title = QString::fromStdString(listing.title);
        const int index =
            m_tabs->addTab(view, listing.problem.empty() ? title : tr("%1 (none)").arg(title));
        m_tabs->setTabToolTip(index, listing.problem.empty()
                                         ? tr("Ctrl+F finds in this listing")
                                         : QString::fromStdString(listing.problem));
        view->setObjectName(title); // listingText() finds the tab by it
    }
    // The same kind of listing stays on show from one compile to the next, by its title: a
    // Triton kernel lists three stages before the PTX and SASS that a CUDA C++ one starts with.
    for (int i = 0; i < m_tabs->count(); ++i)
        if (m_tabs->widget(i)->objectName() == m_chosenTitle)
            m_tabs->setCurrentIndex(i);
    m_replacing = false;
}

QString CodeView::listingText(const QString &title) const
{
    for (int i = 0; i < m_tabs->count(); ++i)
        if (m_tabs->widget(i)->objectName() == title)
            return static_cast<QPlainTextEdit *>(m_tabs->widget(i))->toPlainText();
    return {};
}

QPlainTextEdit *CodeView::currentListing() const
{
    return qobject_cast<QPlainTextEdit *>(m_tabs->currentWidget());
}

void CodeView::openFind()
{
    const auto *listing = currentListing();
    const QString selected = listing ? listing->textCursor().selectedText() : QString();
    // A multi-line selection holds U+2029 between its lines: not a search text.
    m_findBar->open(selected.contains(QChar::ParagraphSeparator) ? QString() : selected);
}

void CodeView::find(bool forward)
{
    auto *listing = currentListing();
    if (m_findBar->text().isEmpty() || !listing) {
        openFind();
        return;
    }
    QTextDocument::FindFlags flags;
    if (!forward)
        flags |= QTextDocument::FindBackward;
    if (m_findBar->caseSensitive())
        flags |= QTextDocument::FindCaseSensitively;
    bool found = listing->find(m_findBar->text(), flags);
    if (!found) { // wrap around, as the editor's search does
        QTextCursor cursor = listing->textCursor();
        cursor.movePosition(forward ? QTextCursor::Start : QTextCursor::End);
        listing->setTextCursor(cursor);
        found = listing->find(m_findBar->text(), flags);
    }
    m_findBar->setFound(found);
}

} // namespace tb
