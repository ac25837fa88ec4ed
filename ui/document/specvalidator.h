#pragma once

#include "model/spec.h"
#include "spec/specissue.h"

#include <QObject>
#include <QString>

#include <functional>
#include <optional>
#include <string>
#include <vector>

template <typename T> class QFutureWatcher;

namespace tb {

// Runs the engine's SpecLoader on a pooled thread (it reads the kernel file and enumerates the
// grid to check the constraints, neither of which belongs on the GUI thread). At most one run
// is in flight: a request made meanwhile replaces any older waiting one and starts when the
// running one ends, so fast typing costs one validation per quiet moment, not one per key.
class SpecValidator : public QObject
{
    Q_OBJECT
public:
    struct Outcome
    {
        quint64 generation = 0;
        std::optional<Spec> spec; // set when the document is valid
        std::vector<SpecIssue> issues;
    };
    using Callback = std::function<void(Outcome)>;

    SpecValidator(Callback onFinished, QObject *parent = nullptr);
    ~SpecValidator() override;

    void validate(quint64 generation, std::string jsonText, QString baseDirectory);
    bool isBusy() const { return m_running; }

private:
    struct Request
    {
        quint64 generation = 0;
        std::string text;
        QString baseDirectory;
    };
    void start(Request request);
    void onFinished();

    Callback m_onFinished;
    QFutureWatcher<Outcome> *m_watcher;
    bool m_running = false;
    std::optional<Request> m_waiting;
};

} // namespace tb
