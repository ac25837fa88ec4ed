#pragma once

#include "session/runrequest.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace tb {

// How much of the space one run explores: the search strategy and the budget (configurations
// per problem size, seconds for the whole run), each "From spec" unless chosen, and whether to
// start a new run instead of resuming the workspace's unfinished one. Fills a RunRequest.
class RunBudget : public QWidget
{
    Q_OBJECT
public:
    explicit RunBudget(QWidget *parent = nullptr);

    // Writes the choices into request (leaves what is "From spec" unset).
    void apply(RunRequest &request) const;
    // "From spec" everywhere, resuming allowed.
    void reset();

    QComboBox *strategyCombo() const { return m_strategy; }
    QSpinBox *maxConfigsBox() const { return m_maxConfigs; }
    QDoubleSpinBox *maxMinutesBox() const { return m_maxMinutes; }
    QCheckBox *freshBox() const { return m_fresh; }

private:
    QComboBox *m_strategy;
    QSpinBox *m_maxConfigs;
    QDoubleSpinBox *m_maxMinutes;
    QCheckBox *m_fresh;
};

} // namespace tb
