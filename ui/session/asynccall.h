#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>
#include <memory>

namespace tb {

// Runs work on Qt's global thread pool and hands its result to done on context's thread.
// The watcher is context's child: if context is destroyed first, the work still finishes on
// its thread but done is never called. The result travels in a shared_ptr, so T needs no
// default constructor (Expected has none). work must not touch context.
template <typename T>
void runAsync(QObject *context, std::function<T()> work, std::function<void(const T &)> done)
{
    auto *watcher = new QFutureWatcher<std::shared_ptr<T>>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context, [watcher, done] {
        const std::shared_ptr<T> result = watcher->result();
        watcher->deleteLater();
        done(*result);
    });
    watcher->setFuture(
        QtConcurrent::run([work = std::move(work)] { return std::make_shared<T>(work()); }));
}

} // namespace tb
