#include "sallocrequest.h"

#include <cstdlib>
#include <regex>

namespace tb {

namespace {

std::string environmentOr(const char *name, const char *fallback)
{
    const char *value = std::getenv(name);
    return value && *value ? value : fallback;
}

// A partition or account is one word of Slurm's: a space or a leading dash would make salloc
// read something else than the user meant (a dash: an option).
std::string nameProblem(const std::string &setting, const std::string &value)
{
    if (value.empty())
        return "";
    for (const char c : value) {
        if (static_cast<unsigned char>(c) <= ' ')
            return setting + " '" + value + "': a Slurm name has no spaces";
    }
    if (value.front() == '-')
        return setting + " '" + value + "': a Slurm name does not start with '-'";
    return "";
}

} // namespace

std::vector<std::string> sallocCommand(const SallocRequest &request)
{
    std::vector<std::string> command = {request.sallocProgram, "--no-shell",
                                        "--job-name=" + request.jobName,
                                        "--ntasks=" + std::to_string(request.tasks)};
    if (request.gpuPerTask)
        command.push_back("--gpus-per-task=1");
    if (!request.partition.empty())
        command.push_back("--partition=" + request.partition);
    if (!request.account.empty())
        command.push_back("--account=" + request.account);
    if (!request.timeLimit.empty())
        command.push_back("--time=" + request.timeLimit);
    command.insert(command.end(), request.extraArguments.begin(), request.extraArguments.end());
    return command;
}

std::string describeAllocation(const SallocRequest &request)
{
    std::string text;
    const auto add = [&text](const std::string &what, const std::string &value) {
        if (!value.empty())
            text += (text.empty() ? "" : ", ") + what + " " + value;
    };
    add("partition", request.partition);
    add("account", request.account);
    add("time limit", request.timeLimit);
    return text.empty() ? "the site's default partition and time limit" : text;
}

std::string slurmTimeProblem(const std::string &time)
{
    static const std::regex forms(R"(\d+(:\d+){0,2}|\d+-\d+(:\d+){0,2}|UNLIMITED|INFINITE)",
                                  std::regex::icase);
    if (time.empty() || std::regex_match(time, forms))
        return "";
    return "not a Slurm time limit (minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS, "
           "e.g. 30 or 2:00:00)";
}

std::string sallocRequestProblem(const SallocRequest &request)
{
    if (auto problem = nameProblem(request.wording.partition, request.partition); !problem.empty())
        return problem;
    if (auto problem = nameProblem(request.wording.account, request.account); !problem.empty())
        return problem;
    if (auto problem = slurmTimeProblem(request.timeLimit); !problem.empty())
        return request.wording.timeLimit + " '" + request.timeLimit + "': " + problem;
    for (const auto &argument : request.extraArguments) {
        // The job id is read from salloc's messages; without them the job could not be
        // cancelled.
        if (argument == "--quiet" || argument == "-Q")
            return request.wording.arguments + " " + argument +
                   ": Tunebench reads the job id from salloc's messages, which that silences";
    }
    return "";
}

std::string sallocProgram()
{
    return environmentOr("TUNEBENCH_SALLOC", "salloc");
}

std::string scancelProgram()
{
    return environmentOr("TUNEBENCH_SCANCEL", "scancel");
}

} // namespace tb
