#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;
class QTextBrowser;

namespace tb {

// A Markdown document of the Help menu (the guide, the spec reference), read from a Qt
// resource and rendered by QTextBrowser, with a find field (Enter: next, Shift+Enter:
// previous; Ctrl+F focuses it). Non-modal: the spec reference is read beside the Space page.
class MarkdownDialog : public QDialog
{
    Q_OBJECT
public:
    MarkdownDialog(const QString &title, const QString &resourcePath, QWidget *parent);

    QTextBrowser *browser() const { return m_browser; }
    QLineEdit *findField() const { return m_find; }

    // Selects the next (or previous) match of the find field's text, wrapping around; false
    // (and says so) where there is none.
    bool findNext(bool backwards = false);

private:
    void load(const QString &resourcePath);
    void followLink(const QUrl &url);

    QLineEdit *m_find;
    QLabel *m_findStatus;
    QTextBrowser *m_browser;
};

} // namespace tb
