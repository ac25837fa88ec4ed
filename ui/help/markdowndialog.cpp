#include "markdowndialog.h"

#include <QAction>
#include <QDesktopServices>
#include <QFile>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTextBrowser>
#include <QTextCursor>
#include <QUrl>
#include <QVBoxLayout>

namespace tb {

MarkdownDialog::MarkdownDialog(const QString &title, const QString &resourcePath, QWidget *parent)
    : QDialog(parent), m_find(new QLineEdit(this)), m_findStatus(new QLabel(this)),
      m_browser(new QTextBrowser(this))
{
    setWindowTitle(title);
    m_find->setPlaceholderText(tr("Find in this page"));
    m_find->setClearButtonEnabled(true);
    // The documents link to files of the source tree, which a built program does not have:
    // only web links and anchors are followed (followLink).
    m_browser->setOpenLinks(false);
    connect(m_browser, &QTextBrowser::anchorClicked, this, &MarkdownDialog::followLink);
    connect(m_find, &QLineEdit::returnPressed, this,
            [this] { findNext(QGuiApplication::keyboardModifiers().testFlag(Qt::ShiftModifier)); });
    connect(m_find, &QLineEdit::textChanged, m_findStatus, &QLabel::clear);
    auto *focusFind = new QAction(tr("Find"), this);
    focusFind->setShortcut(QKeySequence::Find);
    focusFind->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(focusFind, &QAction::triggered, m_find, [this] {
        m_find->setFocus();
        m_find->selectAll();
    });
    addAction(focusFind);

    auto *findRow = new QHBoxLayout;
    findRow->addWidget(m_find, 1);
    findRow->addWidget(m_findStatus);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(findRow);
    layout->addWidget(m_browser, 1);
    resize(760, 820);
    load(resourcePath);
}

void MarkdownDialog::load(const QString &resourcePath)
{
    QFile file(resourcePath);
    if (!file.open(QIODevice::ReadOnly)) {
        // Only a build that lost its resources gets here: say so rather than show nothing.
        m_browser->setPlainText(tr("%1 is missing from this build.").arg(resourcePath));
        return;
    }
    m_browser->setMarkdown(QString::fromUtf8(file.readAll()));
}

bool MarkdownDialog::findNext(bool backwards)
{
    const QString text = m_find->text();
    if (text.isEmpty())
        return false;
    const QTextDocument::FindFlags flags =
        backwards ? QTextDocument::FindBackward : QTextDocument::FindFlags();
    if (m_browser->find(text, flags)) {
        m_findStatus->clear();
        return true;
    }
    // Wrap around: from the other end once.
    QTextCursor cursor = m_browser->textCursor();
    cursor.movePosition(backwards ? QTextCursor::End : QTextCursor::Start);
    m_browser->setTextCursor(cursor);
    const bool found = m_browser->find(text, flags);
    m_findStatus->setText(found ? tr("Wrapped around") : tr("Not found"));
    return found;
}

void MarkdownDialog::followLink(const QUrl &url)
{
    if (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https")) {
        QDesktopServices::openUrl(url);
        return;
    }
    if (url.isRelative() && url.path().isEmpty() && url.hasFragment()) {
        m_browser->scrollToAnchor(url.fragment());
        return;
    }
    m_findStatus->setText(tr("%1 is in Tunebench's source tree").arg(url.toString()));
}

} // namespace tb
