#include "validcounter.h"

#include "space/spaceenumerator.h"
#include "space/variables.h"
#include "spec/specloader.h"

#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace tb {

namespace {

// Only the grid: the loader expands ranges and checks parameters and sizes exactly as for a
// run, and the rest of the spec (kernel, arguments, ...) cannot stop the count.
SpecJson gridOnly(const SpecJson &spec)
{
    SpecJson grid = {{"tunebench_spec", 1},
                     {"name", "count"},
                     {"backend", "cpu"},
                     {"kernel", {{"code", "-"}, {"entry", "count"}}}};
    for (const char *key : {"parameters", "problem_sizes"}) {
        if (spec.contains(key))
            grid[key] = spec[key];
    }
    grid["arguments"] = {{{"name", "tb_count_only"}, {"kind", "scalar"}, {"value", "0"}}};
    return grid;
}

QString firstIssue(const SpecLoader &loader, const EngineError &error)
{
    if (loader.issues().empty())
        return QString::fromStdString(error.toString());
    const auto &issue = loader.issues().front();
    return QString::fromStdString(issue.path + ": " + issue.message);
}

} // namespace

ValidCounter::ValidCounter(QObject *parent) : QObject(parent), m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    m_timer->setInterval(200);
    connect(m_timer, &QTimer::timeout, this, &ValidCounter::start);
}

ValidCounter::~ValidCounter()
{
    if (m_cancel)
        *m_cancel = true;
}

void ValidCounter::request(const SpecJson &spec)
{
    m_spec = spec;
    if (m_cancel)
        *m_cancel = true; // superseded: stop early, its result is dropped anyway
    ++m_generation;
    m_timer->start();
    if (!m_counting) {
        m_counting = true;
        emit countingStarted();
    }
}

void ValidCounter::setDelay(int milliseconds)
{
    m_timer->setInterval(milliseconds);
}

void ValidCounter::start()
{
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto *watcher = new QFutureWatcher<Outcome>(this);
    const quint64 generation = m_generation;
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation)
            return;
        m_outcome = watcher->result();
        m_counting = false;
        m_cancel.reset();
        emit counted();
    });
    watcher->setFuture(
        QtConcurrent::run([spec = m_spec, cancel = m_cancel] { return count(spec, *cancel); }));
}

ValidCounter::Outcome ValidCounter::count(const SpecJson &spec, const std::atomic<bool> &cancel)
{
    Outcome outcome;
    SpecLoader loader;
    auto grid = loader.parse(gridOnly(spec).dump(), "/");
    if (!grid) {
        outcome.error = firstIssue(loader, grid.error());
        return outcome;
    }
    if (auto it = spec.find("constraints"); it != spec.end() && it->is_array()) {
        for (const auto &constraint : *it)
            grid->constraints.push_back(constraint.is_string() ? constraint.get<std::string>()
                                                               : constraint.dump());
    }
    for (std::size_t size = 0; size < grid->sizes.values.size() && !cancel; ++size) {
        auto enumerator = SpaceEnumerator::create(*grid, size);
        if (!enumerator) {
            outcome.error = QString::fromStdString(enumerator.error().toString());
            return outcome;
        }
        SizeCount count{QString::fromStdString(problemSizeLabel(*grid, size)), 0,
                        enumerator->totalCount()};
        if (!enumerator->hasParameterConstraints()) {
            count.valid = enumerator->sizeConstraintsHold() ? count.total : 0;
        } else {
            enumerator->run([&](std::uint64_t) {
                ++count.valid;
                return !cancel.load(std::memory_order_relaxed);
            });
        }
        outcome.sizes.append(count);
    }
    return outcome;
}

} // namespace tb
