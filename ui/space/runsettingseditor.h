#pragma once

#include <QWidget>

namespace tb {

class JsonCheckBox;
class JsonComboField;
class JsonField;
class SpecDocument;
class StrategyOptionsEditor;

// How the search runs and how each configuration is measured: the strategy, its budget and its
// own options, then warm-up, sample counts, the confidence target, time caps and cache
// behaviour. Every field is optional; an empty one shows the default that applies.
class RunSettingsEditor : public QWidget
{
    Q_OBJECT
public:
    explicit RunSettingsEditor(SpecDocument *document, QWidget *parent = nullptr);

    JsonComboField *strategyField() const { return m_strategy; }
    JsonField *field(const QString &pointer) const;
    JsonCheckBox *warmCacheBox() const { return m_warmCache; }
    StrategyOptionsEditor *strategyOptionsEditor() const { return m_options; }

private:
    QList<JsonField *> m_fields;
    JsonComboField *m_strategy;
    StrategyOptionsEditor *m_options;
    JsonCheckBox *m_warmCache;
};

} // namespace tb
