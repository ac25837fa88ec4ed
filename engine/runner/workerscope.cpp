#include "workerscope.h"

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

namespace tb::runner_detail {

namespace {

// Set only in a keeper's environment, to the report pipe's fd; a keeper is also recognised by
// its argv[0], so that a stray variable never turns the CLI or the workbench into one.
constexpr const char *kKeeperVariable = "TUNEBENCH_WORKER_SCOPE_REPORT_FD";
constexpr const char *kKeeperName = "tunebench-worker-scope";

std::vector<std::string> ownArguments()
{
    std::ifstream file("/proc/self/cmdline", std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(file)),
                           std::istreambuf_iterator<char>());
    std::vector<std::string> arguments;
    std::istringstream words(text);
    for (std::string word; std::getline(words, word, '\0');)
        arguments.push_back(word);
    return arguments;
}

// Runs before main() in every program that links the runner: in a re-executed keeper it never
// returns, anywhere else it returns at once.
__attribute__((constructor)) void becomeAScopeKeeperIfAsked()
{
    const char *report = std::getenv(kKeeperVariable);
    if (!report)
        return;
    const int reportFd = std::atoi(report);
    ::unsetenv(kKeeperVariable); // not for the worker
    std::vector<std::string> arguments = ownArguments();
    // kKeeperName, the worker's program, n, the n words of afterEnd, the worker's argv.
    if (reportFd < 3 || arguments.size() < 4 || arguments.front() != kKeeperName)
        return;
    const std::string executable = arguments[1];
    const std::size_t afterWords = std::strtoul(arguments[2].c_str(), nullptr, 10);
    if (arguments.size() < 4 + afterWords)
        return;
    const auto afterBegin = arguments.begin() + 3;
    const std::vector<std::string> afterEnd(afterBegin, afterBegin + afterWords);
    arguments.erase(arguments.begin(), afterBegin + afterWords);
    runScopeKeeper(reportFd, executable, arguments, afterEnd);
}

} // namespace

ChildArguments keeperArguments(const ChildArguments &worker, int reportFd)
{
    ChildArguments keeper;
    keeper.executable = "/proc/self/exe"; // this program, even if its file was replaced since
    keeper.argv = {kKeeperName, worker.executable, std::to_string(worker.afterEnd.size())};
    keeper.argv.insert(keeper.argv.end(), worker.afterEnd.begin(), worker.afterEnd.end());
    keeper.argv.insert(keeper.argv.end(), worker.argv.begin(), worker.argv.end());
    keeper.environment = worker.environment;
    keeper.environment.push_back(std::string(kKeeperVariable) + "=" + std::to_string(reportFd));
    return keeper;
}

} // namespace tb::runner_detail
