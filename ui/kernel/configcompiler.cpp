#include "configcompiler.h"

#include "session/postedcalls.h"
#include "tasks/cudaconfigurationbuild.h"
#include "tasks/hostconfigurationbuild.h"

#include <exception>

namespace tb {

ConfigCompiler::ConfigCompiler(QObject *parent) : QObject(parent), m_posted(new PostedCalls(this))
{
    qRegisterMetaType<tb::CompileOutcome>();
}

ConfigCompiler::~ConfigCompiler()
{
    m_cancelled.store(true);
    join();
}

void ConfigCompiler::join()
{
    if (m_thread.joinable())
        m_thread.join();
}

bool ConfigCompiler::start(CompileRequest request)
{
    if (m_busy)
        return false;
    join(); // the last compile's thread has posted its outcome and is ending
    m_cancelled.store(false);
    m_busy = true;
    m_thread = std::thread([this, request = std::move(request)] { run(request); });
    return true;
}

void ConfigCompiler::cancel()
{
    m_cancelled.store(true);
}

void ConfigCompiler::run(const CompileRequest &request)
{
    CompileOutcome outcome;
    // Nothing may escape the thread (docs/architecture.md: exceptions never cross a thread).
    try {
        outcome = request.spec.backend == BackendKind::Cuda
                      ? buildCudaConfiguration(request, m_cancelled)
                      : buildHostConfiguration(request, m_cancelled);
    } catch (const std::exception &error) {
        outcome.failure = std::string("the compile failed: ") + error.what();
    }
    // Posted to this object's thread: dropped if it is destroyed first (its destructor joins
    // us).
    m_posted->post([this, outcome = std::move(outcome)] {
        join();
        m_busy = false;
        emit finished(outcome);
    });
}

} // namespace tb
