#include "specvalidator.h"

#include "spec/specloader.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace tb {

namespace {

SpecValidator::Outcome validateText(quint64 generation, const std::string &text,
                                    const std::string &baseDirectory)
{
    SpecValidator::Outcome outcome;
    outcome.generation = generation;
    SpecLoader loader;
    auto spec = loader.parse(text, baseDirectory);
    if (spec)
        outcome.spec = std::move(*spec);
    outcome.issues = loader.issues();
    if (!spec && outcome.issues.empty()) // every failure should name its issue; be safe anyway
        outcome.issues.push_back({"", spec.error().toString()});
    return outcome;
}

} // namespace

SpecValidator::SpecValidator(Callback onFinished, QObject *parent)
    : QObject(parent), m_onFinished(std::move(onFinished)),
      m_watcher(new QFutureWatcher<Outcome>(this))
{
    connect(m_watcher, &QFutureWatcher<Outcome>::finished, this, &SpecValidator::onFinished);
}

// A run still in flight finishes on its own thread; it owns copies of its inputs only, and its
// result is dropped with the watcher.
SpecValidator::~SpecValidator() = default;

void SpecValidator::validate(quint64 generation, std::string jsonText, QString baseDirectory)
{
    Request request{generation, std::move(jsonText), std::move(baseDirectory)};
    if (m_running)
        m_waiting = std::move(request);
    else
        start(std::move(request));
}

void SpecValidator::start(Request request)
{
    m_running = true;
    m_watcher->setFuture(
        QtConcurrent::run([generation = request.generation, text = std::move(request.text),
                           base = request.baseDirectory.toStdString()] {
            return validateText(generation, text, base);
        }));
}

void SpecValidator::onFinished()
{
    m_running = false;
    Outcome outcome = m_watcher->result();
    if (m_waiting) {
        Request next = std::move(*m_waiting);
        m_waiting.reset();
        start(std::move(next));
    }
    m_onFinished(std::move(outcome));
}

} // namespace tb
