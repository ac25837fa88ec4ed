#pragma once

#include <QWidget>

class QFormLayout;
class QLabel;
class QPushButton;
class QVBoxLayout;

namespace tb {

class ErrorLabel;
class JsonField;
class SpecDocument;
struct StrategyOptionDescription;

// The options of the strategy the spec names (strategy.name, auto when absent): one field
// per option the engine describes, bound to strategy.options.<name>, its default as placeholder
// and its range in the tooltip. The form follows the strategy: picking another one (or undo,
// redo, a reload) rebuilds it. Options in the file that the strategy does not take are kept, as
// the user wrote them, and named in red with a button that removes them: the spec is invalid
// until they go.
class StrategyOptionsEditor : public QWidget
{
    Q_OBJECT
public:
    explicit StrategyOptionsEditor(SpecDocument *document, QWidget *parent = nullptr);

    // The strategy whose options the form shows.
    QString strategy() const { return m_strategy; }
    const QList<JsonField *> &fields() const { return m_fields; }
    JsonField *field(const QString &option) const;
    // Says when the strategy takes no options (or is unknown); hidden otherwise.
    QLabel *note() const { return m_note; }
    // Names of strategy.options that the strategy does not take, in document order.
    QStringList unusedOptions() const;
    ErrorLabel *errorLabel() const { return m_error; }
    QPushButton *removeUnusedButton() const { return m_removeUnused; }

private:
    QString strategyInDocument() const;
    void refresh();
    void rebuild();
    void addOptionField(QFormLayout *form, const StrategyOptionDescription &option);
    void restoreTabOrder();
    QWidget *focusablePredecessor() const;
    void refreshErrors();
    void removeUnused();

    SpecDocument *m_document;
    QString m_strategy;
    QVBoxLayout *m_layout;
    QLabel *m_note;
    QWidget *m_form = nullptr; // the fields of m_strategy; replaced as a whole on a rebuild
    QList<JsonField *> m_fields;
    ErrorLabel *m_error;
    QPushButton *m_removeUnused;
};

} // namespace tb
