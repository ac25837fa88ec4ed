#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace tb {

// The editor's find bar: a search field with previous/next buttons, "Match case", and a "not
// found" note. Enter or F3 asks for the next match, Shift+Enter or Shift+F3 for the previous
// one, Esc closes the bar. The bar only asks (findRequested); its owner searches and reports
// back with setFound().
class FindBar : public QWidget
{
    Q_OBJECT
public:
    explicit FindBar(QWidget *parent = nullptr);

    QString text() const;
    bool caseSensitive() const;
    QLineEdit *field() const { return m_field; }
    QLabel *statusLabel() const { return m_status; }

    // Shows the bar with `text` (when not empty) selected in the field, which takes the focus.
    void open(const QString &text = QString());
    // Hides the bar and says so (closed), so the owner can give the focus back to the editor.
    void dismiss();

    // "not found" after a search that found nothing; cleared by a match or by new text.
    void setFound(bool found);
    bool notFoundShown() const;

signals:
    void findRequested(const QString &text, bool forward, bool caseSensitive);
    void closed();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void request(bool forward);

    QLineEdit *m_field;
    QToolButton *m_previous;
    QToolButton *m_next;
    QCheckBox *m_case;
    QLabel *m_status;
    QToolButton *m_close;
};

} // namespace tb
